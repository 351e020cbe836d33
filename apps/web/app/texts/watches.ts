/** Watching topics (关注此话题): the topic page's button and the account settings (features/watches/). */
export const WatchButtonTexts = {
  watch: '关注此话题',
  watching: '已关注此话题',
  watched: '已关注此话题，有新评论时会通知你',
  unwatched: '已取消关注此话题',
  failed: '操作失败',
};

export const WatchSettingsTexts = {
  defaultsLabel: '话题关注',
  posted: '发布的话题默认关注',
  replied: '回复的话题默认关注',
  saved: '设置已保存',
  listTitle: '关注的话题',
  listEmpty: '你还没有关注任何话题',
  unwatch: '取消关注',
  unwatched: '已取消关注此话题',
  watchedAt: (when: string) => `关注于 ${when}`,
};
