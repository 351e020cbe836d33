/** The search box in the bar and the search page. */
export const SearchTexts = {
  placeholder: '输入你想查找的内容',
  search: '搜索',
  /** Removes one keyword from the search history. */
  removeHistory: (keyword: string) => `删除 ${keyword}`,
  /** The search page. */
  pageTitle: (keyword: string) => `搜索：${keyword}`,
  kinds: { topic: '话题', article: '文章' },
  /** The time ranges, by their `timeRange` value. */
  timeRanges: ['时间不限', '一天内', '一周内', '一月内', '一年内'],
  timeRangeLabel: '时间范围',
  nodesLabel: '节点',
  allNodes: '全部',
  /** The order of results, by their `sort` value. */
  sorts: { relevance: '相关度', newest: '最新' },
  sortLabel: '排序',
  enterKeyword: '请输入关键词进行搜索',
  noResults: '未搜索到内容',
  /** Under "未搜索到内容": what the reader may try. */
  noResultsHint: (keyword: string) => `没有找到与“${keyword}”相关的内容，换个关键词或减少几个词试试`,
} as const;
