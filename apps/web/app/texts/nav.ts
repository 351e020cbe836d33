/** The site navigation: the desktop bar, the phone bar and sidebar, and their menus. */
export const NavTexts = {
  mainLabel: '主导航',
  home: '首页',
  topics: '话题',
  messages: '消息',
  signIn: '登录',
  signOut: '退出登录',
  /** The "发表" button and the choices of its menu. */
  create: '发表',
  moreCreateChoices: '更多发表选项',
  createItems: {
    topic: '发话题',
    tweet: '发动态',
    article: '发文章',
  },
  /** The signed-in reader's own pages. */
  userMenu: {
    home: '个人中心',
    messages: '消息',
    favorites: '我的收藏',
    scores: '积分记录',
    profile: '编辑资料',
    account: '账号设置',
    admin: '管理后台',
  },
  openSidebar: '打开侧边栏',
  sidebar: '侧边栏',
  nodes: '话题节点',
} as const;
