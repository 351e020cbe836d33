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

/**
 * A fragment of about `length` characters around the first match (the start of the text when
 * nothing matches), highlighted, with "..." where text was left out.
 */
export function highlightFragment(text: string, terms: readonly string[], length: number): string {
  const characters = Array.from(text);
  if (characters.length <= length) return highlight(text, terms);
  const first = matchRanges(text, terms)[0]?.[0] ?? 0;
  // Where the match starts in characters, with a little context before it.
  const firstCharacter = Array.from(text.slice(0, first)).length;
  const start = Math.max(0, Math.min(firstCharacter - 20, characters.length - length));
  const fragment = characters.slice(start, start + length).join('');
  return `${start > 0 ? '...' : ''}${highlight(fragment, terms)}${start + length < characters.length ? '...' : ''}`;
}
