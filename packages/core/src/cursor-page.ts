/** `results` with the page's cursor (a string on the wire) and whether more follow. */
export function cursorPageOf<R>(
  results: R,
  page: { cursor: number; hasMore: boolean },
): { results: R; cursor: string; hasMore: boolean } {
  return { results, cursor: String(page.cursor), hasMore: page.hasMore };
}
