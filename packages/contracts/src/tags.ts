import { z } from 'zod';

export const TAG_NAME_MAX_LENGTH = 15;
export const TAGS_PER_TOPIC_MAX = 3;
export const TAG_AUTOCOMPLETE_LIMIT = 6;

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
