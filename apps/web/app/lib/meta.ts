import type { MetaDescriptor } from 'react-router';

/** What every page's <head> needs from the site configuration. */
export interface SiteHead {
  title: string;
  description: string;
  keywords: string[];
}

/** 'page | site title'; the home page (no page name) is just the site title. */
export function pageTitle(siteTitle: string, page?: string): string {
  return page ? `${page} | ${siteTitle}` : siteTitle;
}

/** Title, description and keywords for one page. */
export function pageMeta(site: SiteHead | undefined, page?: string): MetaDescriptor[] {
  if (!site) return [{ title: page ?? '' }];
  return [
    { title: pageTitle(site.title, page) },
    { name: 'description', content: site.description },
    { name: 'keywords', content: site.keywords.join(',') },
  ];
}
