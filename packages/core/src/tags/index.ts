export { Tag, type TagDoc } from './model';
export {
  TAG_PAGE_SIZE,
  autocompleteTags,
  getOrCreateTags,
  getTag,
  listTags,
  tagsByIds,
  type TagPageResult,
} from './tags';
export { legacyTag, legacyTagRow, presentTag, type LegacyTag } from './presenters';
export {
  autocompleteTagsForAdmin,
  createTag,
  getTagForAdmin,
  listTagsForAdmin,
  updateTag,
  type AdminTagQuery,
} from './admin-tags';
