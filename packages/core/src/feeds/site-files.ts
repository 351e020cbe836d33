/**
 * The files at the site root that crawlers and browsers read about the site itself: robots.txt,
 * which names the sitemap by its absolute address, and the web app manifest that lets a phone
 * install the site under its configured title.
 */
import { getSiteConfig } from '../config/site-config';
import { siteBaseUrl } from '../site';

export const ROBOTS_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const MANIFEST_CONTENT_TYPE = 'application/manifest+json; charset=utf-8';

/** Paths that are machinery, not pages: a crawler has nothing to read there. */
const NOT_FOR_CRAWLERS = ['/api/', '/trpc/', '/socket.io/', '/admin', '/user/profile', '/user/messages'];

export function buildRobots(): string {
  return [
    'User-agent: *',
    ...NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteBaseUrl()}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

export async function buildWebManifest(): Promise<WebManifest> {
  const config = await getSiteConfig();
  return {
    name: config.siteTitle,
    short_name: config.siteTitle,
    description: config.siteDescription,
    lang: 'zh-CN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f3f3f3',
    theme_color: '#b83030',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
