/** The bbs-go wire shapes of a tag: TagResponse (docs/legacy-api.md §1.1) and the raw `t_tag` row. */
import { presentAdminTag, presentTag, type TagDoc, type AdminTag } from '@forum/core';

export type LegacyTag = AdminTag;

export function legacyTag(tag: TagDoc): LegacyTag {
  const item = presentTag(tag);
  return { tagId: item.id, tagName: item.name };
}

/** The raw `t_tag` row (POST /api/tag/autocomplete, the admin API): the console's item, key for key. */
export function legacyTagRow(tag: TagDoc) {
  return presentAdminTag(tag);
}
