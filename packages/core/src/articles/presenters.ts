/**
 * Output shapes of articles: our tRPC ArticleItem / ArticleDetail, and the parts other shapes
 * build on (body, summary). The authors and tags of a page are loaded with one query each. Title
 * and summary are plain text; only the body is HTML (rendered and sanitised).
 */
import {
  ARTICLE_SUMMARY_LENGTH,
  type ArticleDetail,
  type ArticleItem,
  type ArticleStatus,
  type CursorPage,
} from '@forum/contracts';
import { linkMentions, renderMarkdown, sanitizeHtml, summarize, type RenderOptions } from '../markdown';
import type { TagDoc } from '../tags/model';
import { presentTag } from '../tags/presenters';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import { articleAbilities, type PolicySubject } from '../policies';
import type { UserDoc } from '../users/model';
import { presentUserCard, presentAuthor } from '../users/presenters';
import type { ArticlePage } from './list-articles';
import type { ArticleDoc } from './model';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { cursorPageOf } from '../cursor-page';

export interface ArticleRelations {
  users: Map<number, UserDoc>;
  tags: Map<number, TagDoc>;
}

export async function loadArticleRelations(articles: ArticleDoc[]): Promise<ArticleRelations> {
  const [users, tags] = await Promise.all([
    usersByIds(articles.map((article) => article.userId)),
    tagsByIds(articles.flatMap((article) => article.tagIds ?? [])),
  ]);
  return { users, tags };
}

/** The body as safe HTML: Markdown rendered, imported HTML sanitised. */
export function articleHtml(article: ArticleDoc, render: RenderOptions): string {
  const html =
    article.contentType === 'html'
      ? sanitizeHtml(article.content, render)
      : renderMarkdown(article.content, render);
  return linkMentions(html, article.mentions);
}

/** The author's summary, else the start of the body as plain text. */
export function articleSummary(article: ArticleDoc, render: RenderOptions): string {
  return article.summary || summarize(articleHtml(article, render), ARTICLE_SUMMARY_LENGTH);
}

export function presentArticle(
  article: ArticleDoc,
  relations: ArticleRelations,
  render: RenderOptions,
): ArticleItem {
  return {
    id: article._id,
    title: article.title,
    summary: articleSummary(article, render),
    sourceUrl: article.sourceUrl ?? '',
    user: presentAuthor(presentUserCard(relations.users.get(article.userId), article.userId)),
    tags: tagsIn(article.tagIds, relations.tags).map(presentTag),
    status: (article.status ?? 0) as ArticleStatus,
    rejected: !!article.rejected,
    viewCount: article.viewCount ?? 0,
    commentCount: article.commentCount ?? 0,
    likeCount: article.likeCount ?? 0,
    createTime: article.createTime,
    updateTime: article.updateTime,
  };
}

export async function presentArticles(articles: ArticleDoc[]): Promise<ArticleItem[]> {
  const relations = await loadArticleRelations(articles);
  const render = await siteRenderOptions();
  return articles.map((article) => presentArticle(article, relations, render));
}

export async function presentArticlePage(page: ArticlePage): Promise<CursorPage<ArticleItem>> {
  return cursorPageOf(await presentArticles(page.articles), page);
}

/** The detail with what `viewer` (null: a visitor) may do to the article. */
export async function presentArticleDetail(
  article: ArticleDoc,
  viewer: PolicySubject | null,
): Promise<ArticleDetail> {
  const render = await siteRenderOptions();
  const item = presentArticle(article, await loadArticleRelations([article]), render);
  return { ...item, content: articleHtml(article, render), can: articleAbilities(viewer, article) };
}
