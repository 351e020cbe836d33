import { z } from 'zod';
import { boundedText } from './text';
import { TAG_NAME_MAX_LENGTH, TAG_DESCRIPTION_MAX_LENGTH } from './constants';

export const TagListInputSchema = z.object({ page: z.number().int().min(1).max(100_000).default(1) });
export type TagListInput = z.infer<typeof TagListInputSchema>;

export const TagIdInputSchema = z.object({ id: z.number().int().positive() });
export type TagIdInput = z.infer<typeof TagIdInputSchema>;

export const TagAutocompleteInputSchema = z.object({ input: z.string().max(64) });
export type TagAutocompleteInput = z.infer<typeof TagAutocompleteInputSchema>;

/** A tag in our web app. */
export interface TagItem {
  id: number;
  name: string;
}

export interface TagPage {
  page: number;
  limit: number;
  total: number;
  results: TagItem[];
}

/** A tag as the owner creates or edits it (legacy POST /api/admin/tag/create|update). */
export const TagDraftSchema = z.object({
  name: boundedText(TAG_NAME_MAX_LENGTH, `标签名称不能超过${TAG_NAME_MAX_LENGTH}个字`).refine(
    (value) => value.length > 0,
    '标签名称不能为空',
  ),
  description: boundedText(TAG_DESCRIPTION_MAX_LENGTH, '标签描述过长').default(''),
  /** 0 shown, 1 hidden. */
  status: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type TagDraft = z.infer<typeof TagDraftSchema>;
export type TagDraftInput = z.input<typeof TagDraftSchema>;
