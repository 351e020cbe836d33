/** docs/legacy-api.md §0.6: a page's cursor goes out as a string; a legacy page sends an empty list as null. */

export interface LegacyCursorPage<T> {
  results: T[] | null;
  cursor: string;
  hasMore: boolean;
}

/** The page's cursor, as a string, and whether more follow. */
export function legacyCursor(page: {
  cursor: number;
  hasMore: boolean;
}): Omit<LegacyCursorPage<never>, 'results'> {
  return { cursor: String(page.cursor), hasMore: page.hasMore };
}

/** `results` (null or empty: null) with the page's cursor and whether more follow. */
export function legacyCursorPage<T>(
  results: T[] | null,
  page: { cursor: number; hasMore: boolean },
): LegacyCursorPage<T> {
  return { results: results?.length ? results : null, ...legacyCursor(page) };
}
