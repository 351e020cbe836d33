/**
 * The site's modules (tweet, topic, article) as the owner switched them: which paths belong to
 * which module, so a disabled one's pages answer 404 and its links and create entries are hidden.
 */
import { isModuleEnabled, type SiteConfig, type SiteModuleName } from '@forum/contracts';

type ModuleConfig = Pick<SiteConfig, 'modules'>;

/** The module a page belongs to, from its path (and `?type=1` for the tweet form); none for the rest. */
export function moduleOfPath(pathname: string, search = ''): SiteModuleName | undefined {
  if (pathname === '/topic/create')
    return new URLSearchParams(search).get('type') === '1' ? 'tweet' : 'topic';
  if (/^\/(topics|topic\/edit)(\/|$)/.test(pathname)) return 'topic';
  if (/^\/(articles?)(\/|$)/.test(pathname)) return 'article';
  return undefined;
}

/** Whether a page may be shown: it belongs to no module, or to one that is on. */
export function isPathEnabled(config: ModuleConfig, pathname: string, search = ''): boolean {
  const module = moduleOfPath(pathname, search);
  return module === undefined || isModuleEnabled(config, module);
}

/** Whether a link (a site nav entry, possibly absolute) leads to a page that is shown. */
export function isLinkEnabled(config: ModuleConfig, url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return true;
  const parsed = new URL(url, 'http://site.invalid');
  return isPathEnabled(config, parsed.pathname, parsed.search);
}
