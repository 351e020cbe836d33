/** The comments under a topic or an article, and their replies. */
export const CommentsTexts = {
  title: '评论',
  titleWithCount: (count: number) => `${count}条评论`,
  /** "请 登录 后发表观点", the sign-in link in the middle. */
  signInBefore: '请',
  signInLink: '登录',
  signInAfter: '后发表观点',
  posted: '发布成功',
  /** The button that opens a reply box under a comment (评论) or a reply (回复), and closes it. */
  verbs: {
    comment: '评论',
    reply: '回复',
  },
  cancel: (verb: string) => `取消${verb}`,
  /** Before the name of the author a reply answers. */
  replyTo: '回复',
  quoteAuthor: (nickname: string) => `${nickname}：`,
  moreReplies: '查看更多回复...',
} as const;
