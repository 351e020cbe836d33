/**
 * Output shapes of a friend link: the legacy Link item (docs/legacy-api.md §1.1), the raw `t_link` row of the admin
 * API, and our tRPC item. Legacy text goes out HTML-escaped; addresses were normalised to http(s)
 * when stored.
 */
import type { AdminLinkItem, LinkItem } from '@forum/contracts';
import { renderText } from '../markdown';
import type { LinkDoc } from './model';

export interface LegacyLink {
  linkId: number;
  url: string;
  title: string;
  summary: string;
  logo: string;
  createTime: number;
}

/** Address, title, summary and logo; `text` shapes title and summary (the legacy shapes escape them). */
function linkCard(link: LinkDoc, text = (value: string) => value) {
  return {
    url: link.url,
    title: text(link.title),
    summary: text(link.summary ?? ''),
    logo: link.logo ?? '',
  };
}

export function legacyLink(link: LinkDoc): LegacyLink {
  return {
    linkId: link._id,
    ...linkCard(link, renderText),
    createTime: link.createTime,
  };
}

/** The raw row (admin API), keys as `t_link`'s json names. */
export function legacyLinkRow(link: LinkDoc) {
  return {
    id: link._id,
    ...linkCard(link, renderText),
    status: link.status ?? 0,
    sortNo: link.sortNo ?? 0,
    createTime: link.createTime,
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
