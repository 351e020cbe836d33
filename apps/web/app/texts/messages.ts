/** The message centre and the bell that leads to it. */
export const MessagesTexts = {
  title: '消息',
  unread: (count: number) => `消息（${count}条未读）`,
  empty: '暂无消息',
  details: '点击查看详情>>',
} as const;
