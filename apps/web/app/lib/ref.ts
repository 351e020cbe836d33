/**
 * The `ref` query of the sign-in pages: where to go once signed in. Only a path on this site is
 * followed (`safeRef`, shared with the API's sign-in answer).
 */
export { refLocation, safeRef } from '@forum/contracts';

/** The sign-in page that comes back to `path` afterwards. */
export function signInUrl(path: string): string {
  return `/user/signin?ref=${encodeURIComponent(path)}`;
}

/** A page of the sign-in family carrying the same way back. */
export function withRef(page: string, ref: string | null | undefined): string {
  return ref ? `${page}?ref=${encodeURIComponent(ref)}` : page;
}
