/** Articles for our web app; the same core services as /api/article/... */
import {
  ArticleIdInputSchema,
  ArticleListInputSchema,
  ArticlesByTagInputSchema,
  ArticlesByUserInputSchema,
  CreateArticleInputSchema,
  EditArticleInputSchema,
} from '@forum/contracts';
import {
  approveArticle,
  createArticle,
  deleteArticle,
  editArticle,
  getArticle,
  getArticleForEdit,
  listArticles,
  listTagArticles,
  listUserArticlesFor,
  presentArticleDetail,
  presentArticlePage,
} from '@forum/core';
import { adminProcedure, authedProcedure, postingProcedure, publicProcedure, router } from '../init';

export const articlesRouter = router({
  create: postingProcedure.input(CreateArticleInputSchema).mutation(async ({ ctx, input }) => {
    const article = await createArticle(ctx.request, input);
    return presentArticleDetail(article, ctx.user);
  }),
  /** The raw Markdown and tag names for the edit form. */
  forEdit: postingProcedure
    .input(ArticleIdInputSchema)
    .query(({ ctx, input }) => getArticleForEdit(ctx.user, input.id)),
  edit: postingProcedure.input(EditArticleInputSchema).mutation(async ({ ctx, input }) => {
    const article = await editArticle(ctx.request, input);
    return presentArticleDetail(article, ctx.user);
  }),
  // Moderators may delete while muted (see deleteArticle), so only a signed-in user is required here.
  delete: authedProcedure.input(ArticleIdInputSchema).mutation(async ({ ctx, input }) => {
    await deleteArticle(ctx.request, input.id);
    return { deleted: true };
  }),
  approve: adminProcedure.input(ArticleIdInputSchema).mutation(async ({ ctx, input }) => {
    await approveArticle(ctx.request, input.id);
    return { approved: true };
  }),
  byId: publicProcedure
    .input(ArticleIdInputSchema)
    .query(async ({ ctx, input }) => presentArticleDetail(await getArticle(input.id, ctx.user), ctx.user)),
  list: publicProcedure
    .input(ArticleListInputSchema)
    .query(async ({ input }) => presentArticlePage(await listArticles(input.cursor))),
  /** The author and moderators also see the author's articles waiting for review or rejected. */
  byUser: publicProcedure
    .input(ArticlesByUserInputSchema)
    .query(async ({ ctx, input }) =>
      presentArticlePage(await listUserArticlesFor(ctx.user, input.userId, input.cursor)),
    ),
  byTag: publicProcedure
    .input(ArticlesByTagInputSchema)
    .query(async ({ input }) => presentArticlePage(await listTagArticles(input.tagId, input.cursor))),
});
