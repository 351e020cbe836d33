/** Recent search keywords, kept in the browser only. */
export const SEARCH_HISTORY_KEY = 'bbsgo.search.histories';
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_KEYWORD_MAX_LENGTH = 30;

/** Newest first, without duplicates, at most ten; blank keywords are not remembered. */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const entry = keyword.trim();
  if (!entry) return [...history];
  return [entry, ...history.filter((item) => item !== entry)].slice(0, SEARCH_HISTORY_MAX);
}

export function removeFromHistory(history: readonly string[], keyword: string): string[] {
  return history.filter((item) => item !== keyword);
}

/** The entries that contain what the reader has typed so far. */
export function matchHistory(history: readonly string[], keyword: string): string[] {
  const typed = keyword.trim();
  return typed ? history.filter((item) => item.includes(typed)) : [...history];
}

export function readHistory(storage: Pick<Storage, 'getItem'>): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string').slice(0, SEARCH_HISTORY_MAX)
      : [];
  } catch {
    return [];
  }
}

export function writeHistory(storage: Pick<Storage, 'setItem'>, history: readonly string[]): void {
  try {
    storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // A full or disabled storage only costs the history.
  }
}

export function searchUrl(keyword: string): string {
  return `/search?q=${encodeURIComponent(keyword.trim())}`;
}
