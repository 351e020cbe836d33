/** Tags: get-or-create by name for topics, one tag, the tag list and autocomplete. */
import { TAG_AUTOCOMPLETE_LIMIT, Texts } from '@forum/contracts';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import { Tag, type TagDoc } from './model';
import { pageByNumber } from '../read-model/lists';
import {
  projectTag,
  readTags,
  readTagsInOrder,
  tagIdsByName,
  tagIdsWithPrefix,
  tagLists,
} from '../read-model/tags';

/**
 * The tags of these names (already trimmed and deduplicated case-insensitively), created when
 * missing, in the given order. A concurrent creation of the same name loses on the unique index
 * and reads the winner's row.
 */
export async function getOrCreateTags(names: string[]): Promise<TagDoc[]> {
  if (!names.length) return [];
  const lowers = names.map((name) => name.toLowerCase());
  const known = await tagIdsByName(lowers);
  const existing = await readTags([...known.values()]);
  const byLower = new Map([...existing.values()].map((tag) => [tag.nameLower, tag]));
  for (const [index, name] of names.entries()) {
    const lower = lowers[index]!;
    if (byLower.has(lower)) continue;
    const now = Date.now();
    try {
      const created = await Tag.create({
        _id: await nextId('tag'),
        name,
        nameLower: lower,
        description: '',
        status: 0,
        createTime: now,
        updateTime: now,
      });
      const tag = created.toObject() as TagDoc;
      await projectTag(tag);
      byLower.set(lower, tag);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Only when two posts create one tag at once: the winner's row, by its unique name.
      const winner = await Tag.findOne({ nameLower: lower }).lean<TagDoc>();
      if (winner) {
        await projectTag(winner);
        byLower.set(lower, winner);
      }
    }
  }
  return lowers.map((lower) => byLower.get(lower)).filter((tag): tag is TagDoc => !!tag);
}

/** Tags of the given ids, in one round trip. */
export function tagsByIds(ids: number[]): Promise<Map<number, TagDoc>> {
  return readTags(ids);
}

/** One tag, whatever its status (legacy GET /api/tag/{id}); "标签不存在" when missing. */
export async function getTag(id: number): Promise<TagDoc> {
  const tag = Number.isSafeInteger(id) && id > 0 ? (await readTags([id])).get(id) : undefined;
  if (!tag) throw new AppError('NOT_FOUND', Texts.tags.missing);
  return tag;
}

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
