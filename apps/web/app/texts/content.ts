/** What topic and article pages share: the author card, views, likes, favourites, owner tools. */
export const ContentTexts = {
  views: (count: number) => `浏览 ${count}`,
  /** "发布于" before a time, one space between them everywhere (`发布于 3分钟前`). */
  postedAt: '发布于',
  postedAtTime: (when: string) => `发布于 ${when}`,
  /** "由 {author} 发布于 {time}" around the author's link. */
  postedBy: '由',
  pendingReview: '审核中',
  /** An article a moderator removed while it waited for review (only its author sees it). */
  rejectedReview: '未通过审核',
  viewImage: (number: number) => `查看图片 ${number}`,
  favorite: {
    on: '收藏',
    done: '已收藏',
    added: '收藏成功',
    removed: '已取消收藏',
    failed: '收藏失败',
  },
  like: {
    /** The word beside the heart: a list row's and a detail page's, and a comment's. */
    word: '赞',
    commentWord: '点赞',
    done: '已赞',
    added: '点赞成功',
    removed: '已取消点赞',
  },
  /** The owner's and the admins' tools on a topic or an article. */
  edit: '修改',
  delete: '删除',
  deleted: '删除成功',
  deleteFailed: '删除失败',
} as const;
