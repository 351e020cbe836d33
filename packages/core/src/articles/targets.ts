/**
 * Makes articles commentable, likeable and favouritable: those services ask this module, through
 * their registries, whether an article exists and how to count or describe it.
 */
import { ArticleStatus, FAVORITE_SUMMARY_LENGTH, Texts } from '@forum/contracts';
import { registerCommentTarget } from '../comments/targets';
import { registerFavoriteTarget, type FavoriteSubject } from '../favorites/targets';
import { registerLikeTarget } from '../likes/targets';
import { summarize } from '../markdown';
import { readArticles } from '../read-model/articles';
import { articleExists } from './get-article';
import { articleHtml } from './presenters';

// Comment and like counts are sizes of the read model's lists: nothing to bump here.
registerCommentTarget('article', { exists: articleExists });

registerLikeTarget('article', { missingMessage: Texts.articles.missing, exists: articleExists });

registerFavoriteTarget('article', {
  exists: articleExists,
  describe: async (ids, render) => {
    const articles = (await readArticles(ids)).filter((article) => article.status === ArticleStatus.Ok);
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
