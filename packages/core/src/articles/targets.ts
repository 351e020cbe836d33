/**
 * Makes articles commentable, likeable and favouritable: those services ask this module, through
 * their registries, whether an article exists and how to count or describe it.
 */
import { ArticleStatus, FAVORITE_SUMMARY_LENGTH } from '@forum/contracts';
import { registerCommentTarget } from '../comments/targets';
import { registerFavoriteTarget, type FavoriteSubject } from '../favorites/targets';
import { registerLikeTarget } from '../likes/targets';
import { summarize } from '../markdown';
import { articleExists, bumpArticleOnComment } from './get-article';
import { Article, type ArticleDoc } from './model';
import { articleHtml } from './presenters';

registerCommentTarget('article', {
  exists: articleExists,
  onComment: (id) => bumpArticleOnComment(id),
});

registerLikeTarget('article', {
  missingMessage: '文章不存在',
  exists: articleExists,
  addLikes: async (id, delta) => {
    // A decrement only applies to a positive counter, so drift never shows a negative count.
    const guard = delta < 0 ? { likeCount: { $gt: 0 } } : {};
    await Article.updateOne({ _id: id, ...guard }, { $inc: { likeCount: delta } });
  },
});

registerFavoriteTarget('article', {
  exists: articleExists,
  describe: async (ids, render) => {
    const articles = await Article.find(
      { _id: { $in: ids }, status: ArticleStatus.Ok },
      { title: 1, summary: 1, content: 1, contentType: 1, userId: 1 },
    ).lean<ArticleDoc[]>();
    return new Map(
      articles.map((article) => {
        const subject: FavoriteSubject = {
          title: article.title,
          summary: article.summary || summarize(articleHtml(article, render), FAVORITE_SUMMARY_LENGTH),
          userId: article.userId,
          path: `/article/${article._id}`,
        };
        return [article._id, subject];
      }),
    );
  },
});
