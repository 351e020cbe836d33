import type { TagItem } from '@forum/contracts';

/** A tag's name as the listed items carry it (the API has no tag lookup of its own yet). */
export function tagNameIn(items: readonly { tags: readonly TagItem[] }[], tagId: number): string | undefined {
  for (const item of items) {
    const tag = item.tags.find((candidate) => candidate.id === tagId);
    if (tag) return tag.name;
  }
  return undefined;
}
