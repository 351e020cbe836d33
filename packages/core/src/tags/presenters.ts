/** Output shapes of a tag: the console's item and our tRPC item. */
import type { AdminTagItem, TagItem } from '@forum/contracts';
import type { TagDoc } from './model';

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
