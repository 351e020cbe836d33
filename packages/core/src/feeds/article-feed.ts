import { Texts } from '@forum/contracts';
import { articleHtml } from '../articles/presenters';
import { getSiteConfig } from '../config/site-config';
import { summarize } from '../markdown';
import { siteBaseUrl } from '../site';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import { renderAtom, type AtomEntry } from './atom';
import { authorNames } from './authors';
import { feedHtml } from './feed-html';
import { FEED_ENTRY_LIMIT, FEED_SUMMARY_LENGTH } from './limits';
import { articleLists, readArticles } from '../read-model/articles';
import { topDesc } from '../read-model/lists';

/** `/atom.xml`: the newest published articles as an Atom feed. */
export async function buildArticleFeed(): Promise<string> {
  const base = siteBaseUrl();
  const [config, articles] = await Promise.all([
    getSiteConfig(),
    topDesc(articleLists.all(), FEED_ENTRY_LIMIT).then(readArticles),
  ]);
  const [authors, tags] = await Promise.all([
    authorNames(articles.map((article) => article.userId)),
    tagsByIds(articles.flatMap((article) => article.tagIds ?? [])),
  ]);
  const render = { baseUrl: base, urlRedirect: config.urlRedirect };
  const entries = articles.map((article): AtomEntry => {
    const html = articleHtml(article, render);
    const url = `${base}/article/${article._id}`;
    return {
      id: url,
      title: article.title,
      url,
      published: article.createTime,
      updated: Math.max(article.updateTime ?? 0, article.createTime),
      authorName: authors.get(article.userId),
      summary: article.summary || summarize(html, FEED_SUMMARY_LENGTH),
      html: feedHtml(html, base),
      categories: tagsIn(article.tagIds, tags).map((tag) => tag.name),
    };
  });
  return renderAtom({
    id: `${base}/atom.xml`,
    title: Texts.feeds.articlesTitle(config.siteTitle),
    subtitle: config.siteDescription,
    selfUrl: `${base}/atom.xml`,
    alternateUrl: `${base}/articles`,
    authorName: config.siteTitle,
    entries,
  });
}
