import { z } from 'zod';
import { Texts } from './texts';
import { boundedText } from './text';
import { optionalHttpUrl } from './projects';

export const LINK_TITLE_MAX_LENGTH = 128;
export const LINK_SUMMARY_MAX_LENGTH = 1024;
export const LINK_URL_MAX_LENGTH = 1024;
export const LINK_PAGE_SIZE = 20;
export const TOP_LINKS_MAX = 10;

/** 0 shown, 1 hidden. */
export const LinkStatus = { Ok: 0, Hidden: 1 } as const;

/** A friend link as an admin creates or edits it (legacy POST /api/admin/link/create|update). */
export const LinkDraftSchema = z.object({
  url: optionalHttpUrl(LINK_URL_MAX_LENGTH, '链接地址必须以http://或https://开头').refine(
    (value) => value.length > 0,
    '链接地址不能为空',
  ),
  title: boundedText(LINK_TITLE_MAX_LENGTH, `标题长度不能超过${LINK_TITLE_MAX_LENGTH}`).refine(
    (value) => value.length > 0,
    Texts.common.titleRequired,
  ),
  summary: boundedText(LINK_SUMMARY_MAX_LENGTH, `描述长度不能超过${LINK_SUMMARY_MAX_LENGTH}`).default(''),
  logo: optionalHttpUrl(LINK_URL_MAX_LENGTH, '图标地址必须以http://或https://开头').default(''),
  status: z.union([z.literal(LinkStatus.Ok), z.literal(LinkStatus.Hidden)]).default(LinkStatus.Ok),
});
export type LinkDraft = z.infer<typeof LinkDraftSchema>;
export type LinkDraftInput = z.input<typeof LinkDraftSchema>;

export const LinkIdInputSchema = z.object({ id: z.number().int().positive() });
export const LinkListInputSchema = z.object({ page: z.number().int().min(1).max(100_000).default(1) });
export const LinkUpdateInputSchema = LinkDraftSchema.extend({ id: z.number().int().positive() });

/** A friend link as the site shows it; `title` and `summary` are plain text. */
export interface LinkItem {
  id: number;
  url: string;
  title: string;
  summary: string;
  logo: string;
  createTime: number;
}

/** A link in the admin console: hidden ones too, with their order. */
export interface AdminLinkItem extends LinkItem {
  status: number;
  sortNo: number;
}

export interface LinkPage {
  page: number;
  limit: number;
  total: number;
  results: LinkItem[];
}
