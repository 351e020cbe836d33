import { AppError } from './errors';
import { kv, kvKey } from './kv';

/**
 * Every rate limit of the site: at most `limit` hits per `windowSeconds` for one subject (a user
 * id, a client address, an account name). The posting limits are bbs-go's; the rest guard
 * against guessing and floods.
 */
export const RateLimits = {
  /** A user posts at most 10 topics, 10 articles and 10 comments in these windows. */
  'topic-create': { limit: 10, windowSeconds: 600 },
  // Articles are long: more than that is a script.
  'article-create': { limit: 10, windowSeconds: 600 },
  'comment-create': { limit: 10, windowSeconds: 60 },
  /** Image uploads, per user, and per client address for several accounts behind one (a lab). */
  'upload-user': { limit: 30, windowSeconds: 600 },
  'upload-ip': { limit: 100, windowSeconds: 600 },
  /** Markdown previews a user asks for while writing. */
  preview: { limit: 60, windowSeconds: 60 },
  /** Sign-ups per client address, counted only once the form is valid. */
  signup: { limit: 5, windowSeconds: 3600 },
  /** Sign-in attempts per client address and per account name, against password guessing. */
  'signin-ip': { limit: 10, windowSeconds: 60 },
  'signin-name': { limit: 20, windowSeconds: 3600 },
  /** Checks of the old password when changing it, per user (a stolen session must not guess). */
  'password-check': { limit: 10, windowSeconds: 3600 },
  /** Verification mails a user asks for: enough for "I did not get it", too few to mail-bomb. */
  'verify-mail': { limit: 3, windowSeconds: 600 },
  /** Captchas asked for and drawn, per client address. */
  'captcha-request': { limit: 30, windowSeconds: 60 },
  'captcha-show': { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, { limit: number; windowSeconds: number }>;

export type RateLimitName = keyof typeof RateLimits;

/** Counts one hit of `subject` against the limit `name` (see `RateLimits`). */
export async function hitRateLimit(name: RateLimitName, subject: string | number): Promise<void> {
  const { limit, windowSeconds } = RateLimits[name];
  await countHit(name, subject, limit, windowSeconds);
}

/**
 * A fixed-window counter in Redis: at most `limit` hits per `windowSeconds` for one key (a bucket
 * and a subject). Throws RATE_LIMITED beyond that.
 */
export async function countHit(
  bucket: string,
  subject: string | number,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const key = kvKey('rate', bucket, subject);
  const [[, count]] = (await kv().multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
    [null, number],
  ];
  if (count > limit) throw new AppError('RATE_LIMITED');
}
