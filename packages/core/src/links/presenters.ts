/** Output shapes of a friend link: our tRPC item and the console's item. */
import type { AdminLinkItem, LinkItem } from '@forum/contracts';
import type { LinkDoc } from './model';

/** Address, title, summary and logo. */
function linkCard(link: LinkDoc) {
  return {
    url: link.url,
    title: link.title,
    summary: link.summary ?? '',
    logo: link.logo ?? '',
  };
}

export function presentLink(link: LinkDoc): LinkItem {
  return {
    id: link._id,
    ...linkCard(link),
    createTime: link.createTime,
  };
}

export function presentAdminLink(link: LinkDoc): AdminLinkItem {
  return { ...presentLink(link), status: link.status ?? 0, sortNo: link.sortNo ?? 0 };
}
