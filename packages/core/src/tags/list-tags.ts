import { pageByNumber } from '../read-model/lists';
import { readTagsInOrder, tagLists } from '../read-model/tags';
import type { TagDoc } from './model';

export const TAG_PAGE_SIZE = 200;

export interface TagPageResult {
  page: { page: number; limit: number; total: number };
  results: TagDoc[];
}

/** Status-0 tags, newest first, by page number (legacy GET /api/tag/tags). */
export async function listTags(page = 1): Promise<TagPageResult> {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const { ids, total } = await pageByNumber(tagLists.shown(), safePage, TAG_PAGE_SIZE);
  return { page: { page: safePage, limit: TAG_PAGE_SIZE, total }, results: await readTagsInOrder(ids) };
}
