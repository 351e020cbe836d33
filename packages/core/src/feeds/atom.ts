/** Writes an Atom 1.0 document (RFC 4287) from plain values; every value is escaped here. */
import { emptyElement, isoTime, textElement } from './xml';

export interface AtomEntry {
  /** A permanent absolute URL identifying the entry. */
  id: string;
  /** Plain text. */
  title: string;
  /** The entry's page on the site. */
  url: string;
  published: number;
  updated: number;
  /** The author's public name; never an e-mail address (docs/legacy-api.md Appendix A #12). */
  authorName: string | undefined;
  /** Plain text. */
  summary: string;
  /** Sanitised HTML; it goes out escaped as `<content type="html">`. */
  html: string;
  categories: string[];
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  selfUrl: string;
  alternateUrl: string;
  /** Entries without an author of their own fall back to this one, as Atom allows. */
  authorName: string;
  entries: AtomEntry[];
}

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

function entryXml(entry: AtomEntry): string {
  return [
    '<entry>',
    textElement('id', entry.id),
    textElement('title', entry.title, { type: 'text' }),
    emptyElement('link', { rel: 'alternate', type: 'text/html', href: entry.url }),
    textElement('published', isoTime(entry.published)),
    textElement('updated', isoTime(entry.updated)),
    entry.authorName ? `<author>${textElement('name', entry.authorName)}</author>` : '',
    ...entry.categories.map((term) => emptyElement('category', { term })),
    textElement('summary', entry.summary, { type: 'text' }),
    textElement('content', entry.html, { type: 'html' }),
    '</entry>',
  ].join('');
}

export function renderAtom(feed: AtomFeed, now = Date.now()): string {
  // A feed changes when its newest entry does; an empty feed is as new as the request.
  const updated = feed.entries.reduce((newest, entry) => Math.max(newest, entry.updated), 0) || now;
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">',
    textElement('id', feed.id),
    textElement('title', feed.title, { type: 'text' }),
    textElement('subtitle', feed.subtitle, { type: 'text' }),
    textElement('updated', isoTime(updated)),
    emptyElement('link', { rel: 'self', type: 'application/atom+xml', href: feed.selfUrl }),
    emptyElement('link', { rel: 'alternate', type: 'text/html', href: feed.alternateUrl }),
    `<author>${textElement('name', feed.authorName)}</author>`,
    ...feed.entries.map(entryXml),
    '</feed>\n',
  ].join('');
}
