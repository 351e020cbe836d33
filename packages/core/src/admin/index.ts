export { ADMIN_SCAN_WINDOW, type AdminPage } from './scan';
export { listAdminArticles, listAdminComments, listAdminTopics, listAdminUsers } from './lists';
export { deleteCommentAsModerator, restoreArticle, restoreComment, restoreTopic } from './content';
export {
  adminScoreLogs,
  createUserByAdmin,
  getAdminUser,
  presentAdminUser,
  updateUserByAdmin,
  type AdminUser,
} from './users';
export { adminOverview, queueCounts, type AdminOverview, type QueueCounts } from './overview';
export {
  presentAdminArticles,
  presentAdminComments,
  presentAdminTopics,
  type AdminArticle,
  type AdminComment,
  type AdminTopic,
} from './presenters';
export {
  ARTICLE_CONTENT_TYPES,
  articleTagsForAdmin,
  createArticleTagRow,
  getArticleTagRow,
  listArticleTagRows,
  updateArticleTagRow,
  type ArticleTagRow,
  setArticleTagsByAdmin,
  updateArticleByAdmin,
  type AdminArticleUpdate,
} from './articles';
export { RECOUNT_JOB_ID, startUserRecount } from './maintenance';
export {
  createFavoriteRow,
  createThirdAccountRow,
  getFavoriteRow,
  getThirdAccountRow,
  listFavoriteRows,
  listThirdAccountRows,
  updateFavoriteRow,
  updateThirdAccountRow,
} from './rows';
