import { CommonTexts } from '~/texts/common';

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/**
 * The text of a small piece of our own safe HTML (a tweet), for the page title and description:
 * tags dropped, the entities the API writes decoded, whitespace collapsed, cut to `max` characters.
 */
export function plainText(html: string, max = 128): string {
  const text = html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > max ? CommonTexts.truncated(chars.slice(0, max).join('')) : text;
}
