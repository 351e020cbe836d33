/**
 * What we keep of a provider's profile, and the clean-up its values need before they reach our
 * database (FerretDB refuses NUL characters; avatars must be web URLs; sizes are capped).
 */
export interface ThirdPartyProfile {
  /** The provider's stable id of the person (never their changeable login name). */
  providerUserId: string;
  nickname: string;
  avatar: string;
  homePage: string;
  description: string;
  /** Only an address the provider has verified; '' otherwise. */
  email: string;
  /** The provider's profile JSON, kept as `extraData`. */
  raw: unknown;
}

const EXTRA_DATA_MAX_LENGTH = 8192;
const URL_MAX_LENGTH = 1024;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string field of a provider answer; numbers count too, since ids arrive as either. */
export function textOf(value: unknown, max = 256): string {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value
        : '';
  // Control characters (NUL above all) have no place in a name and FerretDB rejects NUL.
  return text
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, max);
}

/** An http(s) URL, or '' for anything else (a `javascript:` avatar must never reach a page). */
export function webUrlOf(value: unknown): string {
  const text = textOf(value, URL_MAX_LENGTH + 1);
  if (!text || text.length > URL_MAX_LENGTH) return '';
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

/**
 * The provider JSON as stored. A profile too big to keep whole keeps only its short top-level
 * values (ids, names, URLs), which are what anyone would look for later.
 */
export function capExtraData(raw: unknown): string {
  const full = JSON.stringify(raw ?? {});
  if (full.length <= EXTRA_DATA_MAX_LENGTH) return full;
  const short = Object.entries(isRecord(raw) ? raw : {}).filter(
    ([, value]) =>
      value === null ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && value.length <= 512),
  );
  const reduced = JSON.stringify(Object.fromEntries(short));
  return reduced.length <= EXTRA_DATA_MAX_LENGTH ? reduced : '{}';
}
