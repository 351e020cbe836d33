/** The topic lists, a topic's page and its management menu. */
export const TopicsTexts = {
  title: '话题',
  recommendTitle: '热门话题',

  /** A node's or a tag's topic list, in the tab. */
  nodePageTitle: (nodeName: string) => `${nodeName} - 话题`,
  tagPageTitle: (tagName: string) => `${tagName} - 话题`,
  tagTitle: (tagName: string) => `标签：${tagName}`,
  sticky: '置顶',
  comments: (count: number) => `评论 ${count}`,
  viewTweetImage: (number: number) => `查看动态的第 ${number} 张图片`,
  likers: (count: number) => `${count}人点赞`,
  newTopics: (count: number) => `有 ${count} 个新话题，点击刷新`,
  empty: '暂无话题，来发表第一个话题吧',
  create: '发表话题',
  feedEmpty: '关注的人还没有发表话题',
  /** A user's topics on their profile. */
  emptyOfUser: '暂无内容',
  manage: {
    label: '管理',
    confirmDelete: '是否确认删除该帖子？',
    recommend: '推荐',
    unrecommend: '取消推荐',
    confirmRecommend: '是否确认推荐该帖子？',
    confirmUnrecommend: '是否确认取消推荐该帖子？',
    recommended: '推荐成功',
    unrecommended: '取消推荐成功',
    stick: '置顶',
    unstick: '取消置顶',
    confirmStick: '是否确认置顶该帖子？',
    confirmUnstick: '是否确认取消置顶该帖子？',
    stuck: '置顶成功',
    unstuck: '取消置顶成功',
  },
} as const;
