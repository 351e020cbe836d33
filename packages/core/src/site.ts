/**
 * Deployment facts that services need when they render links: the site's public address. The API
 * and worker set it once at start-up from their validated configuration.
 */
import { getSiteConfig } from './config/site-config';
import type { RenderOptions } from './markdown';

let baseUrl = 'http://localhost:3000';

export function configureSite(settings: { baseUrl: string }): void {
  baseUrl = settings.baseUrl.replace(/\/+$/, '');
}

/** The site's absolute address without a trailing slash, e.g. `https://bbs.example.org`. */
export function siteBaseUrl(): string {
  return baseUrl;
}

/** How user Markdown is rendered here: the site's address and its `urlRedirect` setting. */
export async function siteRenderOptions(): Promise<RenderOptions> {
  return { baseUrl, urlRedirect: (await getSiteConfig()).urlRedirect };
}
