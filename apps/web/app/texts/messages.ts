/** The message centre and the bell that leads to it. */
export const MessagesTexts = {
  title: '消息',
  unread: (count: number) => `消息（${count}条未读）`,
} as const;
