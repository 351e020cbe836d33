/** The tag list page. */
export const TagsTexts = {
  title: '标签',
  empty: '暂无标签',
} as const;
