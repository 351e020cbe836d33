/** 话题, 文章 and 评论: moderators' lists and actions on content. */
import {
  AdminArticleFilterSchema,
  AdminCommentFilterSchema,
  AdminFlagSchema,
  AdminIdSchema,
  AdminTopicFilterSchema,
} from '@forum/contracts';
import {
  approveArticle,
  deleteArticle,
  deleteCommentAsModerator,
  deleteTopic,
  listAdminArticles,
  listAdminComments,
  listAdminTopics,
  presentAdminArticles,
  presentAdminComments,
  presentAdminTopics,
  restoreArticle,
  restoreComment,
  restoreTopic,
  setTopicRecommend,
  setTopicSticky,
} from '@forum/core';
import { adminProcedure, requestMetaOf, router } from '../../init';

export const adminTopicsRouter = router({
  list: adminProcedure.input(AdminTopicFilterSchema).query(async ({ input }) => {
    const { page, results, windowed } = await listAdminTopics(input);
    return { page, windowed, results: await presentAdminTopics(results) };
  }),
  delete: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => deleteTopic(ctx.user, input.id, requestMetaOf(ctx))),
  restore: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => restoreTopic(ctx.user, input.id, requestMetaOf(ctx))),
  recommend: adminProcedure
    .input(AdminFlagSchema)
    .mutation(({ ctx, input }) => setTopicRecommend(ctx.user, input.id, input.value, requestMetaOf(ctx))),
  sticky: adminProcedure
    .input(AdminFlagSchema)
    .mutation(({ ctx, input }) => setTopicSticky(ctx.user, input.id, input.value, requestMetaOf(ctx))),
});

export const adminArticlesRouter = router({
  list: adminProcedure.input(AdminArticleFilterSchema).query(async ({ input }) => {
    const { page, results, windowed } = await listAdminArticles(input);
    return { page, windowed, results: await presentAdminArticles(results) };
  }),
  approve: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => approveArticle(ctx.user, input.id, requestMetaOf(ctx))),
  delete: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => deleteArticle(ctx.user, input.id, requestMetaOf(ctx))),
  restore: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => restoreArticle(ctx.user, input.id, requestMetaOf(ctx))),
});

export const adminCommentsRouter = router({
  list: adminProcedure.input(AdminCommentFilterSchema).query(async ({ input }) => {
    const { page, results, windowed } = await listAdminComments(input);
    return { page, windowed, results: await presentAdminComments(results) };
  }),
  delete: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => deleteCommentAsModerator(ctx.user, input.id, requestMetaOf(ctx))),
  restore: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => restoreComment(ctx.user, input.id, requestMetaOf(ctx))),
});
