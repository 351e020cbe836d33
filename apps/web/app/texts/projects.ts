/** Open-source projects: the list page and a project's own page. */
export const ProjectsTexts = {
  title: '开源项目',
  empty: '暂无项目',
  /** `when` is a relative time (list) or a date and time (project page, with a space). */
  listedSince: (when: string) => `收录于 ${when}`,
  listedOn: (when: string) => `收录于 ${when}`,
  pageTitle: (heading: string) => `${heading} - 开源项目`,
  homepage: '项目主页',
  docs: '文档地址',
  download: '下载地址',
} as const;
