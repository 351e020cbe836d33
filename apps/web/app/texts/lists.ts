/** The lists and the sidebar widgets around them: paging, load-more, notice, check-in, score rank. */
export const ListsTexts = {
  /** The load-more button under a list (`loadMoreLabel`). */
  loadMore: {
    more: '查看更多',
    end: '到底啦',
  },
  pagination: {
    label: '分页',
    previous: '上一页',
    next: '下一页',
  },
  siteNotice: '公告',
  checkIn: {
    title: '签到',
    /** After the reader's score. */
    points: '积分',
    done: '签到成功',
    checkedIn: '今日已签到',
    checkInNow: '立即签到',
    /** Around the number of days in a row, which the widget shows in bold. */
    streakBefore: '你已经连续签到',
    streakAfter: '天啦 !',
    todayRank: '今日排行',
  },
  scoreRank: {
    title: '积分排行',
    counts: (topics: number, comments: number) => `${topics} 话题 • ${comments} 评论`,
    score: '积分',
  },
} as const;
