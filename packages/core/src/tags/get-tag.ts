import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { readTags } from '../read-model/tags';
import type { TagDoc } from './model';

/** Tags of the given ids, in one round trip. */
export function tagsByIds(ids: number[]): Promise<Map<number, TagDoc>> {
  return readTags(ids);
}

/** The tags of `ids` that still exist, in the post's order (a deleted tag is left out). */
export function tagsIn(
  ids: readonly number[] | null | undefined,
  tags: ReadonlyMap<number, TagDoc>,
): TagDoc[] {
  return (ids ?? []).flatMap((id) => {
    const tag = tags.get(id);
    return tag ? [tag] : [];
  });
}

/** One tag, whatever its status (legacy GET /api/tag/{id}); "标签不存在" when missing. */
export async function getTag(id: number): Promise<TagDoc> {
  const tag = Number.isSafeInteger(id) && id > 0 ? (await readTags([id])).get(id) : undefined;
  if (!tag) throw new AppError('NOT_FOUND', Texts.tags.missing);
  return tag;
}
