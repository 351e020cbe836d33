import './targets';

export { Article, type ArticleDoc } from './model';
export { createArticle } from './create-article';
export { editArticle, getArticleForEdit } from './edit-article';
export { deleteArticle } from './delete-article';
export { approveArticle } from './moderate-article';
export { articleExists, articleUrl, getArticle } from './get-article';
export {
  listArticles,
  listNearlyArticles,
  listRecentArticles,
  listRelatedArticles,
  listTagArticles,
  listUserArticles,
  listUserArticlesFor,
  type ArticlePage,
  type RecentArticlesQuery,
} from './list-articles';
export {
  articleHtml,
  articleSummary,
  loadArticleRelations,
  presentArticle,
  presentArticleDetail,
  presentArticlePage,
  presentArticles,
  type ArticleRelations,
} from './presenters';
