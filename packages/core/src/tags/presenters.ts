/** Output shapes of a tag: legacy TagResponse (§1.1), the raw row (autocomplete), our tRPC items. */
import type { AdminTagItem, TagItem } from '@forum/contracts';
import type { TagDoc } from './model';

export interface LegacyTag {
  tagId: number;
  tagName: string;
}

export function legacyTag(tag: TagDoc): LegacyTag {
  return { tagId: tag._id, tagName: tag.name };
}

/** A tag, any status, as the console lists and edits it. */
export function presentAdminTag(tag: TagDoc): AdminTagItem {
  return {
    id: tag._id,
    name: tag.name,
    description: tag.description ?? '',
    status: tag.status ?? 0,
    createTime: tag.createTime,
    updateTime: tag.updateTime,
  };
}

export function presentTag(tag: TagDoc): TagItem {
  return { id: tag._id, name: tag.name };
}
