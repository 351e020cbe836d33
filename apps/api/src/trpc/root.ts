import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { router } from './init';
import { configRouter } from './routers/config';
import { contentRouter } from './routers/content';
import { oauthRouter } from './routers/oauth';
import { emailRouter } from './routers/email';
import { followsRouter } from './routers/follows';
import { muteRouter } from './routers/mute';
import { reportsRouter } from './routers/reports';
import { blocksRouter } from './routers/blocks';
import { watchesRouter } from './routers/watches';
import { mentionsRouter } from './routers/mentions';
import { usersRouter } from './routers/users';
import { nodesRouter } from './routers/nodes';
import { tagsRouter } from './routers/tags';
import { topicsRouter } from './routers/topics';
import { commentsRouter } from './routers/comments';
import { editsRouter } from './routers/edits';
import { likesRouter } from './routers/likes';
import { favoritesRouter } from './routers/favorites';
import { articlesRouter } from './routers/articles';
import { projectsRouter } from './routers/projects';
import { linksRouter } from './routers/links';
import { pointsRouter } from './routers/points';
import { checkInRouter } from './routers/check-in';
import { messagesRouter } from './routers/messages';
import { searchRouter } from './routers/search';
import { adminDashboardRouter, adminQueuesRouter } from './routers/admin/dashboard';
import { adminUsersRouter } from './routers/admin/users';
import { adminArticlesRouter, adminCommentsRouter, adminTopicsRouter } from './routers/admin/content';
import { adminOperateLogsRouter } from './routers/admin/operate-logs';
import { adminNodesRouter } from './routers/admin/nodes';
import { adminTagsRouter } from './routers/admin/tags';
import { adminLinksRouter } from './routers/admin/links';
import { adminProjectsRouter } from './routers/admin/projects';
import { adminForbiddenWordsRouter } from './routers/admin/forbidden-words';
import { adminSettingsRouter } from './routers/admin/settings';
import { adminReportsRouter } from './routers/admin/reports';

export const appRouter = router({
  points: pointsRouter,
  checkIn: checkInRouter,
  messages: messagesRouter,
  search: searchRouter,
  config: configRouter,
  content: contentRouter,
  oauth: oauthRouter,
  email: emailRouter,
  follows: followsRouter,
  mute: muteRouter,
  reports: reportsRouter,
  blocks: blocksRouter,
  watches: watchesRouter,
  mentions: mentionsRouter,
  users: usersRouter,
  nodes: nodesRouter,
  tags: tagsRouter,
  topics: topicsRouter,
  comments: commentsRouter,
  edits: editsRouter,
  likes: likesRouter,
  favorites: favoritesRouter,
  articles: articlesRouter,
  projects: projectsRouter,
  links: linksRouter,
  adminDashboard: adminDashboardRouter,
  adminQueues: adminQueuesRouter,
  adminUsers: adminUsersRouter,
  adminTopics: adminTopicsRouter,
  adminArticles: adminArticlesRouter,
  adminComments: adminCommentsRouter,
  adminOperateLogs: adminOperateLogsRouter,
  adminNodes: adminNodesRouter,
  adminTags: adminTagsRouter,
  adminLinks: adminLinksRouter,
  adminProjects: adminProjectsRouter,
  adminForbiddenWords: adminForbiddenWordsRouter,
  adminSettings: adminSettingsRouter,
  adminReports: adminReportsRouter,
});

export type AppRouter = typeof appRouter;
/** What every procedure gets: named here so the web app's declarations can name its routers' types. */
export type { TrpcContext } from './init';
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
