export { ATOM_CONTENT_TYPE } from './atom';
export { buildArticleFeed } from './article-feed';
export { buildTopicFeed } from './topic-feed';
export { SITEMAP_CONTENT_TYPE, buildSitemap } from './sitemap';
export { FEED_ENTRY_LIMIT, SITEMAP_ENTRY_LIMIT, TWEET_TITLE_LENGTH } from './limits';
export { escapeXml } from './xml';
export {
  MANIFEST_CONTENT_TYPE,
  ROBOTS_CONTENT_TYPE,
  buildRobots,
  buildWebManifest,
  type WebManifest,
} from './site-files';
