/** Tags: get-or-create by name for topics, one tag, the tag list and autocomplete. */
import { TAG_AUTOCOMPLETE_LIMIT } from '@forum/contracts';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import { Tag, type TagDoc } from './model';

/**
 * The tags of these names (already trimmed and deduplicated case-insensitively), created when
 * missing, in the given order. A concurrent creation of the same name loses on the unique index
 * and reads the winner's row.
 */
export async function getOrCreateTags(names: string[]): Promise<TagDoc[]> {
  if (!names.length) return [];
  const lowers = names.map((name) => name.toLowerCase());
  const existing = await Tag.find({ nameLower: { $in: lowers } }).lean<TagDoc[]>();
  const byLower = new Map(existing.map((tag) => [tag.nameLower, tag]));
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
      byLower.set(lower, created.toObject() as TagDoc);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await Tag.findOne({ nameLower: lower }).lean<TagDoc>();
      if (winner) byLower.set(lower, winner);
    }
  }
  return lowers.map((lower) => byLower.get(lower)).filter((tag): tag is TagDoc => !!tag);
}

/** Tags of the given ids, in one query. */
export async function tagsByIds(ids: number[]): Promise<Map<number, TagDoc>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await Tag.find({ _id: { $in: unique } }).lean<TagDoc[]>();
  return new Map(rows.map((row) => [row._id, row]));
}

/** One tag, whatever its status (legacy GET /api/tag/{id}); "标签不存在" when missing. */
export async function getTag(id: number): Promise<TagDoc> {
  const tag = Number.isSafeInteger(id) && id > 0 ? await Tag.findById(id).lean<TagDoc>() : null;
  if (!tag) throw new AppError('NOT_FOUND', '标签不存在');
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
  const [results, total] = await Promise.all([
    Tag.find({ status: 0 })
      .sort({ _id: -1 })
      .skip((safePage - 1) * TAG_PAGE_SIZE)
      .limit(TAG_PAGE_SIZE)
      .lean<TagDoc[]>(),
    Tag.countDocuments({ status: 0 }),
  ]);
  return { page: { page: safePage, limit: TAG_PAGE_SIZE, total }, results };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Up to six status-0 tags whose name starts with `input`, case-insensitively. bbs-go matched
 * anywhere in the name; a prefix match is what an autocomplete needs and is served by the
 * `nameLower` index instead of a scan of every tag.
 */
export async function autocompleteTags(input: string): Promise<TagDoc[]> {
  const prefix = input.replace(/\0/g, '').trim().toLowerCase();
  if (!prefix) return [];
  return Tag.find({ nameLower: { $regex: `^${escapeRegex(prefix)}` }, status: 0 })
    .sort({ nameLower: 1 })
    .limit(TAG_AUTOCOMPLETE_LIMIT)
    .lean<TagDoc[]>();
}
