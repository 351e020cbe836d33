/**
 * A path of this site as a link may carry it: it starts with one `/`, and what follows is not read
 * by a browser as another host (`//host`, `/\host`: browsers treat a backslash as a slash) and
 * holds no control characters (which a browser drops, joining what they separated).
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  return !hasControlCharacters(value);
}

const hasControlCharacters = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * A link an owner may set (navigation, a node's logo): a path of this site or an http(s) address,
 * never `javascript:`, `data:` or another scheme a browser would run or render as a page.
 */
export function isSitePathOrHttpUrl(value: string): boolean {
  if (isSitePath(value)) return true;
  return /^https?:\/\//i.test(value) && URL.canParse(value) && !hasControlCharacters(value);
}

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
  return isSitePath(ref) ? ref : fallback;
}

/**
 * `ref` as an HTTP `Location` header can carry it: the characters a header cannot hold (anything
 * outside printable ASCII, such as the Chinese of a tag's page) percent-encoded, the rest as it is.
 */
export function refLocation(raw: string | null | undefined, fallback = '/'): string {
  try {
    return safeRef(raw, fallback).replace(/[^\x21-\x7e]+/gu, (text) => encodeURIComponent(text));
  } catch {
    // A lone surrogate cannot be encoded.
    return fallback;
  }
}
