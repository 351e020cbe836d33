/**
 * Output shapes of articles: the legacy ArticleSimpleResponse / ArticleResponse (§1.1, key order
 * included) and our tRPC ArticleItem / ArticleDetail. The authors and tags of a page are loaded
 * with one query each.
 *
 * Legacy text fields (title, summary) go out as plain text, as bbs-go sent them and as topic titles
 * go: the late-2022 clients bind them as text, so escaped entities (`&quot;`, `&amp;`) would show
 * literally. Only `content` is HTML (rendered and sanitised). Our web app gets plain text too.
 */
import {
  ARTICLE_SUMMARY_LENGTH,
  type ArticleDetail,
  type ArticleItem,
  type ArticleStatus,
  type CursorPage,
} from '@forum/contracts';
import { renderMarkdown, sanitizeHtml, stripNul, summarize, type RenderOptions } from '../markdown';
import type { TagDoc } from '../tags/model';
import { legacyTag, presentTag, type LegacyTag } from '../tags/presenters';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import { articleAbilities, type PolicySubject } from '../policies';
import type { UserDoc } from '../users/model';
import { presentUserCard, presentAuthor, type UserCard } from '../users/presenters';
import type { ArticlePage } from './list-articles';
import type { ArticleDoc } from './model';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { cursorPageOf, type LegacyCursorPage } from '../cursor-page';

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
  return article.contentType === 'html'
    ? sanitizeHtml(article.content, render)
    : renderMarkdown(article.content, render);
}

/** The author's summary, else the start of the body as plain text. */
function plainSummary(article: ArticleDoc, render: RenderOptions): string {
  return article.summary || summarize(articleHtml(article, render), ARTICLE_SUMMARY_LENGTH);
}

export interface LegacyArticleSimple {
  articleId: number;
  user: UserCard;
  tags: LegacyTag[] | null;
  title: string;
  summary: string;
  sourceUrl: string;
  viewCount: number;
  createTime: number;
  status: number;
}

export interface LegacyArticle extends LegacyArticleSimple {
  content: string;
}

export function legacyArticleSimple(
  article: ArticleDoc,
  relations: ArticleRelations,
  render: RenderOptions,
): LegacyArticleSimple {
  const tags = tagsIn(article.tagIds, relations.tags);
  return {
    articleId: article._id,
    user: presentUserCard(relations.users.get(article.userId), article.userId),
    tags: tags.length ? tags.map(legacyTag) : null,
    title: stripNul(article.title),
    summary: stripNul(plainSummary(article, render)),
    sourceUrl: article.sourceUrl ?? '',
    viewCount: article.viewCount ?? 0,
    createTime: article.createTime,
    status: article.status ?? 0,
  };
}

/** ArticleResponse of the detail: the stored summary only, and the rendered body. */
export async function legacyArticleOf(article: ArticleDoc): Promise<LegacyArticle> {
  const render = await siteRenderOptions();
  const simple = legacyArticleSimple(article, await loadArticleRelations([article]), render);
  return { ...simple, summary: stripNul(article.summary ?? ''), content: articleHtml(article, render) };
}

/** Simple ArticleResponses of a list, or null when it is empty (legacy §0.6). */
export async function legacyArticleList(articles: ArticleDoc[]): Promise<LegacyArticleSimple[] | null> {
  if (!articles.length) return null;
  const relations = await loadArticleRelations(articles);
  const render = await siteRenderOptions();
  return articles.map((article) => legacyArticleSimple(article, relations, render));
}

export type LegacyArticlePage = LegacyCursorPage<LegacyArticleSimple>;

export async function legacyArticlePage(page: ArticlePage): Promise<LegacyArticlePage> {
  return cursorPageOf(await legacyArticleList(page.articles), page);
}

export function presentArticle(
  article: ArticleDoc,
  relations: ArticleRelations,
  render: RenderOptions,
): ArticleItem {
  return {
    id: article._id,
    title: article.title,
    summary: plainSummary(article, render),
    sourceUrl: article.sourceUrl ?? '',
    user: presentAuthor(presentUserCard(relations.users.get(article.userId), article.userId)),
    tags: tagsIn(article.tagIds, relations.tags).map(presentTag),
    status: (article.status ?? 0) as ArticleStatus,
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
