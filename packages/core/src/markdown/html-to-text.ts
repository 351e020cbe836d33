import { Parser } from 'htmlparser2';
import { memoize } from './memo';

// Content of these elements is never text a reader sees.
const hiddenElements = new Set(['script', 'style', 'noscript', 'template', 'title', 'head', 'svg', 'math']);
// Elements that separate words visually; without a space "<p>a</p><p>b</p>" would read "ab".
const breakingElements = new Set([
  'br',
  'p',
  'div',
  'li',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
  'img',
  'dt',
  'dd',
]);

/** Plain text of an HTML fragment: entities decoded, whitespace collapsed to single spaces, trimmed. */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (hiddenElements.has(name)) hiddenDepth++;
        if (breakingElements.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (hiddenElements.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (breakingElements.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const summaries = memoize((key) => {
  const split = key.indexOf('\n');
  const length = Number(key.slice(0, split));
  const characters = Array.from(htmlToText(key.slice(split + 1)));
  if (characters.length <= length) return characters.join('');
  return characters.slice(0, Math.max(0, length)).join('') + '...';
}, 4_000_000);

/**
 * Summary of HTML content for lists (legacy: 128 characters for topics, 256 for articles): its plain
 * text cut to `length` characters, counted in code points as the Go original counted runes, with "..."
 * only when something was cut.
 */
export function summarize(html: string, length: number): string {
  return summaries(`${length}\n${html}`);
}
