import { z } from 'zod';
import { boundedText } from './text';

export const PROJECT_NAME_MAX_LENGTH = 128;
export const PROJECT_TITLE_MAX_LENGTH = 256;
export const PROJECT_URL_MAX_LENGTH = 1024;
export const PROJECT_CONTENT_MAX_LENGTH = 100_000;
export const PROJECT_PAGE_SIZE = 20;
/** Kept small enough that a list score (`sortNo × 2³²` and the id) stays an exact number. */
export const PROJECT_SORT_NO_MAX = 999_999;
const PROJECT_SORT_NO_MESSAGE = `排序应为 0 到 ${PROJECT_SORT_NO_MAX} 之间的整数`;
/** Length of a project's summary, computed from its description (legacy: 256 characters). */
export const PROJECT_SUMMARY_LENGTH = 256;

/**
 * An optional http(s) address, normalised by the URL parser (which percent-encodes quotes and
 * angle brackets), or ''. Other schemes (javascript:, data:) never reach a page's `href`.
 */
export const optionalHttpUrl = (max: number, invalid: string) =>
  boundedText(max, invalid).transform((value, ctx) => {
    if (!value) return '';
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return url.href;
  });

/** A project as an admin creates or edits it (POST /api/admin/project/create|update). */
export const ProjectDraftSchema = z.object({
  name: boundedText(PROJECT_NAME_MAX_LENGTH, `项目名称不能超过${PROJECT_NAME_MAX_LENGTH}个字`).refine(
    (value) => value.length > 0,
    '项目名称不能为空',
  ),
  title: boundedText(PROJECT_TITLE_MAX_LENGTH, `项目标题不能超过${PROJECT_TITLE_MAX_LENGTH}个字`).default(''),
  logo: optionalHttpUrl(PROJECT_URL_MAX_LENGTH, '项目图标地址无效').default(''),
  url: optionalHttpUrl(PROJECT_URL_MAX_LENGTH, '项目主页地址无效').default(''),
  docUrl: optionalHttpUrl(PROJECT_URL_MAX_LENGTH, '文档地址无效').default(''),
  downloadUrl: optionalHttpUrl(PROJECT_URL_MAX_LENGTH, '下载地址无效').default(''),
  /** Markdown. */
  content: boundedText(
    PROJECT_CONTENT_MAX_LENGTH,
    `项目介绍不能超过${PROJECT_CONTENT_MAX_LENGTH}个字`,
  ).default(''),
  /** 0 shown, 1 hidden. */
  status: z.union([z.literal(0), z.literal(1)]).default(0),
  /** Display order: smaller first; equal ones newest first. */
  sortNo: z
    .number({ error: PROJECT_SORT_NO_MESSAGE })
    .int(PROJECT_SORT_NO_MESSAGE)
    .min(0, PROJECT_SORT_NO_MESSAGE)
    .max(PROJECT_SORT_NO_MAX, PROJECT_SORT_NO_MESSAGE)
    .default(0),
});
export type ProjectDraft = z.infer<typeof ProjectDraftSchema>;
export type ProjectDraftInput = z.input<typeof ProjectDraftSchema>;

export const ProjectIdInputSchema = z.object({ id: z.number().int().positive() });
export const ProjectListInputSchema = z.object({ page: z.number().int().min(1).max(100_000).default(1) });
export const ProjectUpdateInputSchema = ProjectDraftSchema.extend({ id: z.number().int().positive() });

/** The name and addresses every shape of a project shows. */
export interface ProjectHeading {
  name: string;
  title: string;
  logo: string;
  url: string;
  docUrl: string;
  downloadUrl: string;
}

/** A project in our web app's list; text fields are plain text. */
export interface ProjectItem extends ProjectHeading {
  id: number;
  summary: string;
  createTime: number;
}

/** A project's page; `content` is rendered safe HTML. */
export interface ProjectDetail extends ProjectItem {
  content: string;
}

export interface ProjectPage {
  page: number;
  limit: number;
  total: number;
  results: ProjectItem[];
}
