/** Blocking (屏蔽): the fold, the profile button and the account settings' list (features/blocks/). */
export const BlocksTexts = {
  folded: '已屏蔽，点击查看',
  fold: '收起',
  block: '屏蔽',
  unblock: '取消屏蔽',
  confirmBlock: (nickname: string) =>
    `确认屏蔽「${nickname}」？其话题、评论和动态将被折叠，其回复、点赞等不再通知你，对方也无法关注你。`,
  blocked: '已屏蔽',
  unblocked: '已取消屏蔽',
  failed: (message: string) => `操作失败：${message}`,
  listTitle: '屏蔽列表',
  listEmpty: '你还没有屏蔽任何人',
  blockedAt: (when: string) => `屏蔽于 ${when}`,
};
