/**
 * The `ref` query of the sign-in pages: where to go once signed in. Only a path on this site is
 * followed, so a crafted link cannot send a fresh session to another site.
 */
export function safeRef(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  let ref = raw.trim();
  // Links built by older pages encode the path twice at most; decode until it starts with a slash.
  for (let i = 0; i < 2 && !ref.startsWith('/'); i++) {
    try {
      ref = decodeURIComponent(ref);
    } catch {
      return fallback;
    }
  }
  if (!ref.startsWith('/') || ref.startsWith('//') || ref.startsWith('/\\')) return fallback;
  // Control characters would let the browser read the path as something else.
  if ([...ref].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  return ref;
}

/** The sign-in page that comes back to `path` afterwards. */
export function signInUrl(path: string): string {
  return `/user/signin?ref=${encodeURIComponent(path)}`;
}

/** A page of the sign-in family carrying the same way back. */
export function withRef(page: string, ref: string | null | undefined): string {
  return ref ? `${page}?ref=${encodeURIComponent(ref)}` : page;
}
