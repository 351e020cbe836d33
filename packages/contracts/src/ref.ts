/**
 * Where to go after signing in (`ref`): only a path on this site, so a crafted link cannot send a
 * fresh session to another site. The web app follows it; the legacy sign-in answers it back.
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
