/** docs/legacy-api.md §0.6: a page's cursor goes out as a string; a legacy page sends an empty list as null. */

export interface LegacyCursorPage<T> {
  results: T[] | null;
  cursor: string;
  hasMore: boolean;
}

/** `results` with the page's cursor and whether more follow, as both transports answer a page. */
export function cursorPageOf<R>(
  results: R,
  page: { cursor: number; hasMore: boolean },
): { results: R; cursor: string; hasMore: boolean } {
  return { results, cursor: String(page.cursor), hasMore: page.hasMore };
}
