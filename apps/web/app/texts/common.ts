/**
 * Wordings the whole web app shares: the design-system components (`components/`), the relative
 * times next to posts, and the states every list and form passes through.
 */
export const CommonTexts = {
  /** The 404 page's text, and the body of every loader's 404 response. */
  pageNotFound: '页面没找到',
  loading: '加载中...',
  uploading: '上传中...',
  submitting: '提交中...',
  /** A failed action's toast: what failed, then the reason. */
  failedWith: (what: string, reason: string) => `${what}：${reason}`,
  /** A text cut short (plain-text previews). */
  truncated: (text: string) => `${text}…`,
  dialog: {
    close: '关闭',
    /** The title, cancel and confirm buttons of a confirmation (`ConfirmDialog`). */
    confirmTitle: '提示',
    cancel: '取消',
    confirm: '确定',
  },
  /** How long ago a moment was (`prettyDate`). */
  time: {
    justNow: '刚刚',
    minutesAgo: (minutes: number) => `${minutes}分钟前`,
    hoursAgo: (hours: number) => `${hours}小时前`,
    daysAgo: (days: number) => `${days}天前`,
  },
} as const;
