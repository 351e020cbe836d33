import type { AdminPage } from '@forum/contracts';

/** A core numbered page as the console reads it. */
export function adminPageOf<T, R>(
  result: { page: { page: number; limit: number; total: number }; results: T[] },
  present: (item: T) => R,
): AdminPage<R> {
  return { ...result.page, results: result.results.map(present) };
}
