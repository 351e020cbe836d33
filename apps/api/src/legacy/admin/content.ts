/** `/api/admin/topic|article|comment/...` (docs/legacy-api.md §2.2). */
import type { Router } from 'express';
import { Texts } from '@forum/contracts';
import {
  AppError,
  deleteCommentAsModerator,
  deleteTopic,
  getArticleForAdmin,
  getCommentForAdmin,
  getTopicForAdmin,
  listArticlesForAdmin,
  listArticleTagsForAdmin,
  listCommentsForAdmin,
  listTopicsForAdmin,
  presentAdminArticles,
  presentAdminComments,
  presentAdminTopics,
  restoreTopic,
  setArticleTagsByAdmin,
  setTopicRecommend,
  updateArticleByAdmin,
  type ArticleDoc,
  type TopicDoc,
} from '@forum/core';
import { contextOf, formText, formValue, idOf, numericId, requiredInt } from '../form';
import { boolFilter, idFilter, intFilter, numberedPage, pageOf, textFilter } from './forms';
import { handleAdmin } from './guard';
import { legacyTag } from '../presenters/tags';

/** A topic row as `GET topic/{id}` returns the model (without the poster's IP and user agent). */
function topicRow(topic: TopicDoc) {
  return {
    id: topic._id,
    type: topic.type,
    nodeId: topic.nodeId,
    userId: topic.userId,
    title: topic.title ?? '',
    content: topic.content ?? '',
    imageList: JSON.stringify(topic.imageList ?? []),
    recommend: !!topic.recommend,
    recommendTime: topic.recommendTime ?? 0,
    sticky: !!topic.sticky,
    stickyTime: topic.stickyTime ?? 0,
    viewCount: topic.viewCount ?? 0,
    commentCount: topic.commentCount ?? 0,
    likeCount: topic.likeCount ?? 0,
    status: topic.status,
    lastCommentTime: topic.lastCommentTime,
    createTime: topic.createTime,
  };
}

function articleRow(article: ArticleDoc) {
  return {
    id: article._id,
    userId: article.userId,
    title: article.title,
    summary: article.summary ?? '',
    content: article.content,
    contentType: article.contentType,
    status: article.status ?? 0,
    sourceUrl: article.sourceUrl ?? '',
    viewCount: article.viewCount ?? 0,
    createTime: article.createTime,
    updateTime: article.updateTime ?? article.createTime,
  };
}

export function adminContentRoutes(api: Router): void {
  api.all(
    '/admin/topic/list',
    handleAdmin(async (req, admin) => {
      const { page, results } = await listTopicsForAdmin(contextOf(req, admin), {
        ...pageOf(req),
        id: idFilter(req, 'id'),
        userId: idFilter(req, 'userId'),
        nodeId: idFilter(req, 'nodeId'),
        status: intFilter(req, 'status') as 0 | 1 | undefined,
        recommend: boolFilter(req, 'recommend'),
        title: textFilter(req, 'title'),
      });
      return numberedPage(page, await presentAdminTopics(results));
    }),
  );
  api.get(
    '/admin/topic/:id',
    numericId,
    handleAdmin(async (req, admin) => topicRow(await getTopicForAdmin(contextOf(req, admin), idOf(req)))),
  );
  api.post(
    '/admin/topic/recommend',
    handleAdmin(async (req, admin) => {
      await setTopicRecommend(contextOf(req, admin), requiredInt(req, 'id'), true);
      return null;
    }),
  );
  api.delete(
    '/admin/topic/recommend',
    handleAdmin(async (req, admin) => {
      await setTopicRecommend(contextOf(req, admin), requiredInt(req, 'id'), false);
      return null;
    }),
  );
  api.post(
    '/admin/topic/delete',
    handleAdmin(async (req, admin) => {
      await deleteTopic(contextOf(req, admin), requiredInt(req, 'id'));
      return null;
    }),
  );
  api.post(
    '/admin/topic/undelete',
    handleAdmin(async (req, admin) => {
      await restoreTopic(contextOf(req, admin), requiredInt(req, 'id'));
      return null;
    }),
  );

  api.all(
    '/admin/article/list',
    handleAdmin(async (req, admin) => {
      const id = idFilter(req, 'id');
      const userId = idFilter(req, 'userId');
      if (!id && !userId) throw new AppError('INVALID_INPUT', Texts.articles.queryNeedsId);
      const { page, results } = await listArticlesForAdmin(contextOf(req, admin), {
        ...pageOf(req),
        id,
        userId,
        status: intFilter(req, 'status') as 0 | 1 | 2 | undefined,
        title: textFilter(req, 'title'),
      });
      return numberedPage(page, await presentAdminArticles(results));
    }),
  );
  api.post(
    '/admin/article/update',
    handleAdmin(async (req, admin) => {
      const article = await updateArticleByAdmin(contextOf(req, admin), {
        id: idFilter(req, 'id') ?? 0,
        title: formValue(req, 'title'),
        summary: formValue(req, 'summary'),
        content: formValue(req, 'content'),
        contentType: formValue(req, 'contentType'),
        sourceUrl: formValue(req, 'sourceUrl'),
      });
      return articleRow(article);
    }),
  );
  api.get(
    '/admin/article/tags',
    handleAdmin(async (req, admin) =>
      (await listArticleTagsForAdmin(contextOf(req, admin), idFilter(req, 'articleId') ?? 0)).map(legacyTag),
    ),
  );
  api.put(
    '/admin/article/tags',
    handleAdmin(async (req, admin) => {
      const names = formText(req, 'tags').split(',');
      const tags = await setArticleTagsByAdmin(contextOf(req, admin), idFilter(req, 'articleId') ?? 0, names);
      return tags.map(legacyTag);
    }),
  );
  // bbs-go regenerated its sitemap files here; `/sitemap.xml` is built from the read model on every
  // request, so it is always current and there is nothing to start.
  api.get(
    '/admin/article/sitemap',
    handleAdmin(async () => null),
  );
  api.get(
    '/admin/article/:id',
    numericId,
    handleAdmin(async (req, admin) => articleRow(await getArticleForAdmin(contextOf(req, admin), idOf(req)))),
  );

  api.all(
    '/admin/comment/list',
    handleAdmin(async (req, admin) => {
      const id = idFilter(req, 'id');
      const userId = idFilter(req, 'userId');
      const entityType = textFilter(req, 'entityType');
      const entityId = idFilter(req, 'entityId');
      // bbs-go lists nothing without one of these (success with null).
      if (!id && !userId && !(entityType && entityId)) return null;
      const { page, results } = await listCommentsForAdmin(contextOf(req, admin), {
        ...pageOf(req),
        id,
        userId,
        entityType: entityType === 'topic' || entityType === 'article' ? entityType : undefined,
        entityId,
        status: intFilter(req, 'status') as 0 | 1 | undefined,
      });
      return numberedPage(page, await presentAdminComments(results));
    }),
  );
  api.get(
    '/admin/comment/:id',
    numericId,
    handleAdmin(async (req, admin) => {
      const [item] = await presentAdminComments([await getCommentForAdmin(contextOf(req, admin), idOf(req))]);
      return item;
    }),
  );
  api.post(
    '/admin/comment/delete/:id',
    numericId,
    handleAdmin(async (req, admin) => {
      await deleteCommentAsModerator(contextOf(req, admin), idOf(req));
      return null;
    }),
  );
}
