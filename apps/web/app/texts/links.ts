/** Friend links: the sidebar widget, the list page and a link's own page. */
export const LinksTexts = {
  title: '友情链接',
  more: '查看更多>>',
  details: '详情',
  empty: '暂无友情链接',
  /** A link's page: its title in the tab, the address and the visit button. */
  pageTitle: (title: string) => `${title} - 友情链接`,
  address: '地址：',
  visit: '访问网站',
} as const;
