/**
 * Highlights in search results: the plain text escaped, with every occurrence of a query term
 * wrapped in `<span class='search-highlight'>…</span>`. Only the spans are markup, so no user HTML
 * ever reaches a result.
 */
import { normalize } from './terms';
import { escapeHtml } from '../markdown/text';

/** [start, end) character ranges of `text` (in UTF-16 units) where a term occurs, merged. */
function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  // NFKC can change lengths; match on a lower-cased copy of the same length instead.
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const needle = normalize(term);
    if (!needle || needle.length !== term.length) continue;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      ranges.push([at, at + needle.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

export function highlight(text: string, terms: readonly string[]): string {
  let html = '';
  let at = 0;
  for (const [start, end] of matchRanges(text, terms)) {
    html += escapeHtml(text.slice(at, start));
    html += `<span class='search-highlight'>${escapeHtml(text.slice(start, end))}</span>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at));
}

/** Whether the UTF-16 unit at `at` continues the character before it (a surrogate pair's second half). */
function continues(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit < 0xdc00 || unit > 0xdfff || at === 0) return false;
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff;
}

/** How many characters (code points, as `Array.from` counts them) `text` has before `end`. */
function charactersBefore(text: string, end: number): number {
  let count = 0;
  for (let at = 0; at < end; at++) if (!continues(text, at)) count++;
  return count;
}

/** The UTF-16 offset of character `index` of `text`, walking from `at` (character `from`). */
function offsetOf(text: string, index: number, at = 0, from = 0): number {
  let character = from;
  for (; at < text.length; at++) {
    if (continues(text, at)) continue;
    if (character === index) return at;
    character++;
  }
  return text.length;
}

/**
 * A fragment of about `length` characters around the first match (the start of the text when
 * nothing matches), highlighted, with "..." where text was left out. Counted in characters without
 * splitting the text into them: a hit's text is up to thousands of characters, and twenty a page.
 */
export function highlightFragment(text: string, terms: readonly string[], length: number): string {
  if (text.length <= length) return highlight(text, terms);
  const total = charactersBefore(text, text.length);
  if (total <= length) return highlight(text, terms);
  // The first match's start (as `matchRanges` finds it), in characters.
  const lower = text.toLowerCase();
  let first = -1;
  for (const term of terms) {
    const needle = normalize(term);
    if (!needle || needle.length !== term.length) continue;
    const at = lower.indexOf(needle);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  const firstCharacter = first < 0 ? 0 : charactersBefore(text, first);
  // With a little context before the match.
  const start = Math.max(0, Math.min(firstCharacter - 20, total - length));
  const from = offsetOf(text, start);
  const fragment = text.slice(from, offsetOf(text, start + length, from, start));
  return `${start > 0 ? '...' : ''}${highlight(fragment, terms)}${start + length < total ? '...' : ''}`;
}
