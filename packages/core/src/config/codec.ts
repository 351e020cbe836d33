/**
 * Text encoding of configuration values, as the legacy server reads and writes them
 * (docs/legacy-api.md §5.1 and §5.2).
 */
import {
  DefaultSiteConfig,
  SiteConfigSchema,
  isTimeZoneName,
  type SiteConfig,
  type SiteConfigKey,
} from '@forum/contracts';
import { sanitizeHtml } from '../markdown/sanitize-html';

const looseBooleans = new Set<SiteConfigKey>([
  'enableHideContent',
  'createTopicEmailVerified',
  'createArticleEmailVerified',
  'createCommentEmailVerified',
]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The value a key is seeded with and falls back to. The site's time zone comes from the server's
 * `SITE_TIME_ZONE` when it names a zone, so a deployment that set it keeps its day boundary.
 */
export function defaultConfigValue<K extends SiteConfigKey>(key: K): SiteConfig[K] {
  const zone = process.env.SITE_TIME_ZONE?.trim();
  if (key === 'siteTimeZone' && zone && isTimeZoneName(zone)) return zone as SiteConfig[K];
  return DefaultSiteConfig[key];
}

/** Decodes one stored value; a value that does not fit its field falls back to the default. */
export function decodeValue<K extends SiteConfigKey>(key: K, text: string | undefined): SiteConfig[K] {
  const fallback = defaultConfigValue(key);
  if (text === undefined) return fallback;
  const field = SiteConfigSchema.shape[key];
  const sample = fallback;
  let candidate: unknown;
  if (typeof sample === 'boolean') {
    const lower = text.trim().toLowerCase();
    candidate = lower === 'true' || (looseBooleans.has(key) && lower === '1');
  } else if (typeof sample === 'number') {
    candidate = text.trim() === '' ? fallback : Number(text);
  } else if (typeof sample === 'string') {
    candidate = text;
  } else {
    candidate = text.trim() === '' ? null : parseJson(text);
  }
  const parsed = field.safeParse(candidate);
  const value = (parsed.success ? parsed.data : fallback) as SiteConfig[K];
  // The notice is HTML the owner writes and every page shows: it passes the allow-list of user
  // content (a script in it would run for every visitor), whatever was stored before.
  if (key === 'siteNotification') return sanitizeHtml(value as string) as SiteConfig[K];
  return value;
}

export function encodeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value ?? null);
}
