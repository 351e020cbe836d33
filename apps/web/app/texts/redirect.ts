/** The stop before leaving the site through a link in user content. */
export const RedirectTexts = {
  title: '跳转',
  leaving: '即将离开本站…',
  warning: '您将要访问的是站外地址，请注意保护账号和财产安全：',
  proceed: '继续访问',
  invalid: '链接地址无效',
  invalidHint: '只能跳转到以 http:// 或 https:// 开头的地址。',
  home: '返回首页',
} as const;
