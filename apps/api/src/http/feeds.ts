import type { IRouter } from 'express';
import {
  ATOM_CONTENT_TYPE,
  MANIFEST_CONTENT_TYPE,
  ROBOTS_CONTENT_TYPE,
  SITEMAP_CONTENT_TYPE,
  buildArticleFeed,
  buildRobots,
  buildSitemap,
  buildTopicFeed,
  buildWebManifest,
} from '@forum/core';

/**
 * Feeds, the sitemap, robots.txt and the web app manifest at the site root (the web server proxies
 * these paths here): they carry the site's address and settings, which the API knows.
 */
export function feedRoutes(router: IRouter): void {
  const serve = (path: string, contentType: string, build: () => Promise<string>) => {
    router.get(path, async (_req, res) => {
      const body = await build();
      // Readers and crawlers poll; five minutes of staleness is fine and spares the database.
      res.set({ 'Content-Type': contentType, 'Cache-Control': 'public, max-age=300' }).send(body);
    });
  };
  serve('/atom.xml', ATOM_CONTENT_TYPE, buildArticleFeed);
  serve('/topic_atom.xml', ATOM_CONTENT_TYPE, buildTopicFeed);
  serve('/sitemap.xml', SITEMAP_CONTENT_TYPE, buildSitemap);
  serve('/robots.txt', ROBOTS_CONTENT_TYPE, async () => buildRobots());
  serve('/manifest.webmanifest', MANIFEST_CONTENT_TYPE, async () => JSON.stringify(await buildWebManifest()));
}
