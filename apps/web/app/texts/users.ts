/** People: profiles, the user centre, following, muting, and the sign-in and account pages. */
export const UsersTexts = {
  /** The counts on the author card and the user centre. */
  stats: {
    score: '积分',
    topics: '话题',
    comments: '评论',
    rank: '注册排名',
  },
} as const;
