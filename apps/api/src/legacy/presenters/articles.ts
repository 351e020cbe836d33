/**
 * The bbs-go wire shapes of articles: ArticleSimpleResponse / ArticleResponse (docs/legacy-api.md
 * §1.1, key order included), built on core's article parts. The authors and tags of a page are
 * loaded with one query each.
 *
 * Text fields (title, summary) go out as plain text, as bbs-go sent them and as topic titles go:
 * the late-2022 clients bind them as text, so escaped entities (`&quot;`, `&amp;`) would show
 * literally. Only `content` is HTML (rendered and sanitised).
 */
import {
  articleHtml,
  loadArticleRelations,
  siteRenderOptions,
  stripNul,
  type ArticleDoc,
  type ArticlePage,
  type ArticleRelations,
  type RenderOptions,
  type AdminArticle,
  articleRow,
} from '@forum/core';
import { legacyCursorPage, type LegacyCursorPage } from './cursor-page';

/** ArticleSimpleResponse: the same keys as the console's article row. */
export type LegacyArticleSimple = AdminArticle;

export interface LegacyArticle extends LegacyArticleSimple {
  content: string;
}

export type LegacyArticlePage = LegacyCursorPage<LegacyArticleSimple>;

function legacyArticleSimple(
  article: ArticleDoc,
  relations: ArticleRelations,
  render: RenderOptions,
): LegacyArticleSimple {
  return articleRow(article, relations, render);
}

/** ArticleResponse of the detail: the stored summary only, and the rendered body. */
export async function legacyArticleOf(article: ArticleDoc): Promise<LegacyArticle> {
  const render = await siteRenderOptions();
  const simple = legacyArticleSimple(article, await loadArticleRelations([article]), render);
  return { ...simple, summary: stripNul(article.summary ?? ''), content: articleHtml(article, render) };
}

/** Simple ArticleResponses of a list, or null when it is empty (docs/legacy-api.md §0.6). */
export async function legacyArticleList(articles: ArticleDoc[]): Promise<LegacyArticleSimple[] | null> {
  if (!articles.length) return null;
  const relations = await loadArticleRelations(articles);
  const render = await siteRenderOptions();
  return articles.map((article) => legacyArticleSimple(article, relations, render));
}

export async function legacyArticlePage(page: ArticlePage): Promise<LegacyArticlePage> {
  return legacyCursorPage(await legacyArticleList(page.articles), page);
}
