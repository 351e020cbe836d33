/** The page frame: the document head, the footer, the theme switch, the toasts and the error page. */
export const LayoutTexts = {
  /** The titles of the Atom feeds the document head links. */
  feeds: {
    articles: '文章',
    topics: '话题',
  },
  footer: {
    navLabel: '页脚导航',
    links: {
      about: '关于',
      tags: '标签',
      links: '友链',
      projects: '开源项目',
    },
    /** Site facts that are not in the runtime configuration; change them here only. */
    techSupport: (team: string) => `技术支持：${team}`,
    techSupportTeam: '语音社区技术组',
    filingNumber: '京ICP备00000000号',
  },
  theme: {
    toDark: '切换到夜间模式',
    toLight: '切换到日间模式',
  },
  toast: {
    close: '关闭提示',
  },
  imageViewer: {
    label: '查看图片',
    previous: '上一张',
    next: '下一张',
  },
  errorPage: {
    /** 404 is `CommonTexts.pageNotFound`, 403 and 503 the API's words. */
    failed: (status: number) => `${status} 页面异常`,
    feedback: '点击这里反馈该问题>>',
  },
} as const;
