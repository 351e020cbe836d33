/** The article lists, the article page and the article editor's pages. */
export const ArticlesTexts = {
  title: '文章',
  tagTitle: (tagName: string) => `标签：${tagName}`,
  /** A tag's article list, in the tab. */
  tagPageTitle: (tagName: string) => `${tagName} - 文章`,
  create: '发表文章',
  empty: '暂无文章',
  /** A user's articles on their profile. */
  emptyOfUser: '暂无内容',
  confirmDelete: '是否确认删除该文章？',
} as const;
