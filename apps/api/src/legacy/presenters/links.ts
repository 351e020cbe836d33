/**
 * The bbs-go wire shapes of a friend link: the Link item (docs/legacy-api.md §1.1) and the raw `t_link`
 * row of the admin API. Legacy text goes out HTML-escaped; addresses were normalised to http(s)
 * when stored.
 */
import { presentAdminLink, presentLink, renderText, type LinkDoc } from '@forum/core';

export interface LegacyLink {
  linkId: number;
  url: string;
  title: string;
  summary: string;
  logo: string;
  createTime: number;
}

export function legacyLink(link: LinkDoc): LegacyLink {
  const item = presentLink(link);
  return {
    linkId: item.id,
    url: item.url,
    title: renderText(item.title),
    summary: renderText(item.summary),
    logo: item.logo,
    createTime: item.createTime,
  };
}

/** The raw row (admin API), keys as `t_link`'s json names. */
export function legacyLinkRow(link: LinkDoc) {
  const item = presentAdminLink(link);
  return {
    id: item.id,
    url: item.url,
    title: renderText(item.title),
    summary: renderText(item.summary),
    logo: item.logo,
    status: item.status,
    sortNo: item.sortNo,
    createTime: item.createTime,
  };
}
