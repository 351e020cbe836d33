export { pageAsc, pageByNumber, pageDesc, topDesc, type IdPage } from './lists';
export { countView, entityStamp, readEntities, readEntity, readInOrder } from './entities';
export { EntityCount, flushCounts, flushLockKey } from './counts';
export {
  ensureReadModel,
  isReadModelReady,
  rebuildProgress,
  rebuildReadModel,
  readModelReadiness,
  readModelState,
  reprojectEverything,
  watchReadModel,
  withRebuildLock,
  type RebuildProgress,
  type ReadModelReadiness,
} from './rebuild';
export { isShownTopic, projectTopic, readTopic, readTopics, reprojectTopic, topicLists } from './topics';
export {
  projectUser,
  readUser,
  readUsers,
  registrationRank,
  reprojectUser,
  userIdByLogin,
  userLists,
} from './users';
export {
  commentLists,
  projectComment,
  readComment,
  readCommentMap,
  readComments,
  reprojectComment,
} from './comments';
export { likedIn, likeIdOf, likerList, newestLikers, projectLike, unprojectLike } from './likes';
export {
  articleLists,
  isShownArticle,
  projectArticle,
  readArticle,
  readArticles,
  reprojectArticle,
} from './articles';
export { favoriteIdOf, favoriteLists, projectFavorite, readFavorites, unprojectFavorite } from './favorites';
export { followedIn, followRowId, projectFollow, unprojectFollow } from './follows';
export { copyAuthorTopics, feedList } from './feed';
export { nodeLists, projectNode, readNodes, readShownNodes, reprojectNode } from './nodes';
export { projectTag, readTags, reprojectTag, tagIdsByName, tagIdsWithPrefix, tagLists } from './tags';
export {
  linkLists,
  projectLink,
  projectLists,
  projectProject,
  readLink,
  readLinks,
  readProject,
  readProjects,
} from './links';
export { invalidatePages, pageCacheChannel } from './page-cache';
export { bumpStamp, readStamp } from './stamp';
export { messageLists, unreadCount } from './messages';
export { readCheckIns } from './check-ins';
export { readModelJobs } from './jobs';
export { hiddenByReports, openReportCount, reportLists } from './reports';
export { blockedBy, hasBlocked } from './blocks';
export { isWatching, watchersOf, watchLists } from './watches';
