export { ADMIN_SCAN_WINDOW, type AdminPage } from './scan';
export { listArticlesForAdmin, listCommentsForAdmin, listTopicsForAdmin, listUsersForAdmin } from './lists';
export { getArticleForAdmin, getCommentForAdmin, getTopicForAdmin } from './content';
export { deleteCommentAsModerator } from './delete-comment-as-moderator';
export { restoreArticle } from './restore-article';
export { restoreComment } from './restore-comment';
export { restoreTopic } from './restore-topic';
export { getUserForAdmin, listScoreLogsForAdmin } from './users';
export { createUserByAdmin } from './create-user-by-admin';
export { updateUserByAdmin } from './update-user-by-admin';
export {
  getOverviewForAdmin,
  listQueueCountsForAdmin,
  type AdminOverview,
  type QueueCounts,
} from './overview';
export { retryFailedJobs } from './retry-failed-jobs';
export {
  articleRow,
  presentAdminArticles,
  presentAdminUser,
  type AdminUser,
  presentAdminComments,
  presentAdminTopics,
  topicRow,
  type AdminArticle,
  type AdminNode,
  type AdminTag,
  type AdminComment,
  type AdminTopic,
} from './presenters';
export {
  ARTICLE_CONTENT_TYPES,
  getArticleTagRowForAdmin,
  listArticleTagRowsForAdmin,
  listArticleTagsForAdmin,
  type AdminArticleUpdate,
} from './articles';
export type { ArticleTagRow } from './rules';
export { createArticleTagRow } from './create-article-tag-row';
export { updateArticleTagRow } from './update-article-tag-row';
export { setArticleTagsByAdmin } from './set-article-tags-by-admin';
export { updateArticleByAdmin } from './update-article-by-admin';
export { RECOUNT_JOB_ID, startUserRecount } from './maintenance';
export {
  getFavoriteRowForAdmin,
  getThirdAccountRowForAdmin,
  listFavoriteRowsForAdmin,
  listThirdAccountRowsForAdmin,
  presentFavoriteRow,
  presentThirdAccountRow,
  type FavoriteRow,
  type ThirdAccountRow,
} from './rows';
export { createFavoriteRow } from './create-favorite-row';
export { updateFavoriteRow } from './update-favorite-row';
export { createThirdAccountRow } from './create-third-account-row';
export { updateThirdAccountRow } from './update-third-account-row';
