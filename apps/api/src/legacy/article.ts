/** Articles, `/api/article/...` (docs/legacy-api.md §1.3), and their admin endpoints (§2.2). */
import type { Router } from 'express';
import {
  AppError,
  approveArticle,
  articleUrl,
  createArticle,
  deleteArticle,
  editArticle,
  getArticle,
  getArticleForEdit,
  isFavorited,
  listArticles,
  listNearlyArticles,
  listRecentArticles,
  listRelatedArticles,
  listTagArticles,
  listUserArticles,
} from '@forum/core';
import { resolveRequestUser } from '../context';
import { fail, ok, send, spamErrorAsMessage } from './envelope';
import { bodyText, contextOf, formInt, formValue, idOf, numericId, requiredInt, tagsOf } from './form';
import { requireAdmin } from './guards';
import { handle, handlePublic } from './handler';
import { legacyArticleList, legacyArticleOf, legacyArticlePage } from './presenters/articles';

/** The article detail is the one endpoint whose errors carry HTTP-like codes (404, 403; docs/legacy-api.md §0.5). */
const detailErrorCodes: Record<string, number> = { NOT_FOUND: 404, FORBIDDEN: 403 };

export function articleRoutes(api: Router): void {
  api.post(
    '/article/create',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const article = await createArticle(contextOf(req, user), {
        title: bodyText(req, 'title'),
        summary: bodyText(req, 'summary'),
        content: bodyText(req, 'content'),
        tags: tagsOf(req),
      }).catch(spamErrorAsMessage);
      return legacyArticleOf(article);
    }),
  );

  api.get(
    '/article/edit/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const form = await getArticleForEdit(user, idOf(req));
      return {
        articleId: form.id,
        title: form.title,
        content: form.content,
        tags: form.tags.length ? form.tags : null,
      };
    }),
  );
  api.post(
    '/article/edit/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const article = await editArticle(contextOf(req, user), {
        id: idOf(req),
        title: bodyText(req, 'title'),
        content: bodyText(req, 'content'),
        tags: tagsOf(req),
      });
      return { articleId: article._id };
    }),
  );

  api.post(
    '/article/delete/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await deleteArticle(contextOf(req, user), idOf(req));
      return null;
    }),
  );

  api.get(
    '/article/redirect/:id',
    numericId,
    handle(async (req) => ({ url: await articleUrl(idOf(req)) })),
  );

  api.get(
    '/article/user/articles',
    handlePublic(async (req) => {
      const userId = requiredInt(req, 'userId');
      return legacyArticlePage(await listUserArticles(userId, formInt(req, 'cursor')));
    }),
  );
  api.get(
    '/article/articles',
    handlePublic(async (req) => legacyArticlePage(await listArticles(formInt(req, 'cursor')))),
  );
  api.get(
    '/article/tag/articles',
    handlePublic(async (req) =>
      legacyArticlePage(await listTagArticles(formInt(req, 'tagId'), formInt(req, 'cursor'))),
    ),
  );
  api.get(
    '/article/nearly/:id',
    numericId,
    handlePublic(async (req) => legacyArticleList(await listNearlyArticles(idOf(req)))),
  );
  api.get(
    '/article/related/:id',
    numericId,
    handlePublic(async (req) => legacyArticleList(await listRelatedArticles(idOf(req)))),
  );

  api.get('/article/:id', numericId, async (req, res) => {
    const { user } = await resolveRequestUser(req);
    try {
      const article = await getArticle(idOf(req), user);
      const favorited = await isFavorited(user?._id, 'article', article._id);
      send(res, ok({ ...(await legacyArticleOf(article)), favorited }));
    } catch (error) {
      const code = AppError.is(error) ? detailErrorCodes[error.code] : undefined;
      if (code === undefined || !AppError.is(error)) throw error;
      send(res, fail(code, error.message));
    }
  });
}

/** Moderators: `/api/admin/article/recent|pending|delete`. */
export function adminArticleRoutes(api: Router): void {
  api.get(
    '/admin/article/recent',
    handle(async (req) => {
      await requireAdmin(req);
      const status = formValue(req, 'status');
      const articles = await listRecentArticles({
        userId: formInt(req, 'userId') || undefined,
        status: status !== undefined && /^\d+$/.test(status) ? Number(status) : undefined,
      });
      return legacyArticleList(articles);
    }),
  );
  api.post(
    '/admin/article/pending',
    handle(async (req) => {
      const user = await requireAdmin(req);
      await approveArticle(contextOf(req, user), Number(bodyText(req, 'id')) || 0);
      return null;
    }),
  );
  api.post(
    '/admin/article/delete',
    handle(async (req) => {
      const user = await requireAdmin(req);
      await deleteArticle(contextOf(req, user), Number(bodyText(req, 'id')) || 0);
      return null;
    }),
  );
}
