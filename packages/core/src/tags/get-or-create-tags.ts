import { insertWithFreshId } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { projectTag, readTags, tagIdsByName } from '../read-model/tags';
import { Tag, type TagDoc } from './model';

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
      const created = await insertWithFreshId('tag', Tag, (id) =>
        Tag.create({
          _id: id,
          name,
          nameLower: lower,
          description: '',
          status: 0,
          createTime: now,
          updateTime: now,
        }),
      );
      const tag = created.toObject<TagDoc>();
      await projectTag(tag);
      byLower.set(lower, tag);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Only when two posts create one tag at once: the winner's row, by its unique name.
      const winner = await Tag.findOne({ nameLower: lower }).lean<TagDoc>();
      if (!winner) throw error;
      await projectTag(winner);
      byLower.set(lower, winner);
    }
  }
  return lowers.map((lower) => byLower.get(lower)).filter((tag): tag is TagDoc => !!tag);
}
