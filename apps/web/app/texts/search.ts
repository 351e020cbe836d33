/** The search box in the bar and the search page. */
export const SearchTexts = {
  placeholder: '输入你想查找的内容',
  search: '搜索',
  /** Removes one keyword from the search history. */
  removeHistory: (keyword: string) => `删除 ${keyword}`,
} as const;
