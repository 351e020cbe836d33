import { siteBaseUrl } from '../site';
import { SITEMAP_ENTRY_LIMIT } from './limits';
import { isoTime, textElement } from './xml';
import { articleLists, readArticles } from '../read-model/articles';
import { topDesc } from '../read-model/lists';
import { readTopics, topicLists } from '../read-model/topics';

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8';

interface SitemapUrl {
  path: string;
  lastmod?: number;
  changefreq: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly';
  priority: string;
}

function urlXml(base: string, url: SitemapUrl): string {
  return [
    '<url>',
    textElement('loc', `${base}${url.path}`),
    url.lastmod ? textElement('lastmod', isoTime(url.lastmod)) : '',
    textElement('changefreq', url.changefreq),
    textElement('priority', url.priority),
    '</url>',
  ].join('');
}

/**
 * `/sitemap.xml`: the list pages, then the newest shown topics (last activity as lastmod, since
 * comments are part of a topic's page) and articles (last edit).
 */
export async function buildSitemap(): Promise<string> {
  const base = siteBaseUrl();
  const [topics, articles] = await Promise.all([
    topDesc(topicLists.newest(), SITEMAP_ENTRY_LIMIT).then(readTopics),
    topDesc(articleLists.all(), SITEMAP_ENTRY_LIMIT).then(readArticles),
  ]);
  const urls: SitemapUrl[] = [
    { path: '/', changefreq: 'hourly', priority: '1.0' },
    { path: '/topics', changefreq: 'hourly', priority: '0.9' },
    { path: '/articles', changefreq: 'hourly', priority: '0.9' },
    { path: '/tags', changefreq: 'daily', priority: '0.5' },
    ...topics.map((topic): SitemapUrl => ({
      path: `/topic/${topic._id}`,
      lastmod: Math.max(topic.lastCommentTime ?? 0, topic.createTime),
      changefreq: 'daily',
      priority: '0.6',
    })),
    ...articles.map((article): SitemapUrl => ({
      path: `/article/${article._id}`,
      lastmod: Math.max(article.updateTime ?? 0, article.createTime),
      changefreq: 'monthly',
      priority: '0.6',
    })),
  ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => urlXml(base, url)),
    '</urlset>\n',
  ].join('');
}
