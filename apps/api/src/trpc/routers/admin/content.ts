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
  listArticlesForAdmin,
  listCommentsForAdmin,
  listTopicsForAdmin,
  presentAdminArticles,
  presentAdminComments,
  presentAdminTopics,
  restoreArticle,
  restoreComment,
  restoreTopic,
  setTopicRecommend,
  setTopicSticky,
} from '@forum/core';
import { adminProcedure, router } from '../../init';

export const adminTopicsRouter = router({
  list: adminProcedure.input(AdminTopicFilterSchema).query(async ({ ctx, input }) => {
    const { page, results, windowed } = await listTopicsForAdmin(ctx.request, input);
    return { page, windowed, results: await presentAdminTopics(results) };
  }),
  delete: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => deleteTopic(ctx.request, input.id)),
  restore: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => restoreTopic(ctx.request, input.id)),
  recommend: adminProcedure
    .input(AdminFlagSchema)
    .mutation(({ ctx, input }) => setTopicRecommend(ctx.request, input.id, input.value)),
  sticky: adminProcedure
    .input(AdminFlagSchema)
    .mutation(({ ctx, input }) => setTopicSticky(ctx.request, input.id, input.value)),
});

export const adminArticlesRouter = router({
  list: adminProcedure.input(AdminArticleFilterSchema).query(async ({ ctx, input }) => {
    const { page, results, windowed } = await listArticlesForAdmin(ctx.request, input);
    return { page, windowed, results: await presentAdminArticles(results) };
  }),
  approve: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => approveArticle(ctx.request, input.id)),
  delete: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => deleteArticle(ctx.request, input.id)),
  restore: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => restoreArticle(ctx.request, input.id)),
});

export const adminCommentsRouter = router({
  list: adminProcedure.input(AdminCommentFilterSchema).query(async ({ ctx, input }) => {
    const { page, results, windowed } = await listCommentsForAdmin(ctx.request, input);
    return { page, windowed, results: await presentAdminComments(results) };
  }),
  delete: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => deleteCommentAsModerator(ctx.request, input.id)),
  restore: adminProcedure
    .input(AdminIdSchema)
    .mutation(({ ctx, input }) => restoreComment(ctx.request, input.id)),
});
