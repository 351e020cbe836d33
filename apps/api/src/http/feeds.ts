import express, { type Router } from 'express';
import {
  ATOM_CONTENT_TYPE,
  SITEMAP_CONTENT_TYPE,
  buildArticleFeed,
  buildSitemap,
  buildTopicFeed,
} from '@forum/core';

/** Feeds and the sitemap at the site root (the web server proxies these paths here). */
export function feedRoutes(): Router {
  const router = express.Router();
  const serve = (path: string, contentType: string, build: () => Promise<string>) => {
    router.get(path, async (_req, res) => {
      const xml = await build();
      // Readers and crawlers poll; five minutes of staleness is fine and spares the database.
      res.set({ 'Content-Type': contentType, 'Cache-Control': 'public, max-age=300' }).send(xml);
    });
  };
  serve('/atom.xml', ATOM_CONTENT_TYPE, buildArticleFeed);
  serve('/topic_atom.xml', ATOM_CONTENT_TYPE, buildTopicFeed);
  serve('/sitemap.xml', SITEMAP_CONTENT_TYPE, buildSitemap);
  return router;
}
