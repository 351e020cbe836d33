import { TAG_AUTOCOMPLETE_LIMIT } from '@forum/contracts';
import { readTagsInOrder, tagIdsWithPrefix } from '../read-model/tags';
import type { TagDoc } from './model';

/**
 * Up to six status-0 tags whose name starts with `input`, case-insensitively. bbs-go matched
 * anywhere in the name; a prefix match is what an autocomplete needs, and the read model's sorted
 * names answer it without a scan of every tag.
 */
export async function autocompleteTags(input: string): Promise<TagDoc[]> {
  const prefix = input.replace(/\0/g, '').trim().toLowerCase();
  if (!prefix) return [];
  return readTagsInOrder(await tagIdsWithPrefix(prefix, TAG_AUTOCOMPLETE_LIMIT));
}
