import { AppError } from './errors';
import { kv, kvKey } from './kv';
import { execAll } from './redis';

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
  /** Edits of comments and tweets, per user: fixing a typo a few times, not rewriting in a loop. */
  'content-edit': { limit: 10, windowSeconds: 60 },
  /** Image uploads, per user, and per client address for several accounts behind one (a lab). */
  'upload-user': { limit: 30, windowSeconds: 600 },
  'upload-ip': { limit: 100, windowSeconds: 600 },
  /** Markdown previews a user asks for while writing. */
  preview: { limit: 60, windowSeconds: 60 },
  /** Sign-ups per client address, counted only once the form is valid. */
  signup: { limit: 5, windowSeconds: 3600 },
  /**
   * Sign-in attempts per client address, whatever account they name: a flood from one address
   * (guessing per account is slowed by `FailureDelays`). An address the account has signed in
   * from before is not held back by it for that account.
   */
  'signin-ip': { limit: 10, windowSeconds: 60 },
  /** Checks of the old password when changing it, per user (a stolen session must not guess). */
  'password-check': { limit: 10, windowSeconds: 3600 },
  /** Verification mails a user asks for: enough for "I did not get it", too few to mail-bomb. */
  'verify-mail': { limit: 3, windowSeconds: 600 },
  /** 忘记密码 requests, per client address and per address asked for (a mail-bomb is neither). */
  'password-reset-ip': { limit: 10, windowSeconds: 3600 },
  'password-reset-email': { limit: 3, windowSeconds: 3600 },
  /** Reports a member files (docs/moderation.md): plenty for real abuse, too few to flood the queue. */
  'report-create': { limit: 20, windowSeconds: 3600 },
  /** Blocks and unblocks a member makes (docs/moderation.md). */
  block: { limit: 60, windowSeconds: 3600 },
  /** Watches and unwatches of topics a member makes (关注此话题 / 取消关注). */
  watch: { limit: 60, windowSeconds: 600 },
  /** Look-ups of the editors' `@` list, per user: one a keystroke or two while typing a name. */
  'mention-suggest': { limit: 120, windowSeconds: 60 },
  /** Captchas asked for and drawn, per client address. */
  'captcha-request': { limit: 30, windowSeconds: 60 },
  'captcha-show': { limit: 60, windowSeconds: 60 },
} as const satisfies Record<string, { limit: number; windowSeconds: number }>;

export type RateLimitName = keyof typeof RateLimits;

/** Counts one hit of `subject` against the limit `name` (see `RateLimits`). */
export async function hitRateLimit(name: RateLimitName, subject: string | number): Promise<void> {
  if (await isOverRateLimit(name, subject)) throw new AppError('RATE_LIMITED');
}

/** Counts one hit like `hitRateLimit`, and says whether it was over the limit instead of throwing. */
export async function isOverRateLimit(name: RateLimitName, subject: string | number): Promise<boolean> {
  const { limit, windowSeconds } = RateLimits[name];
  return (await hitCount(name, subject, windowSeconds)) > limit;
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
  if ((await hitCount(bucket, subject, windowSeconds)) > limit) throw new AppError('RATE_LIMITED');
}

/** Adds one hit to the window of (bucket, subject) and answers how many it holds now. */
async function hitCount(bucket: string, subject: string | number, windowSeconds: number): Promise<number> {
  const key = kvKey('rate', bucket, subject);
  const [count] = (await execAll(kv().multi().incr(key).expire(key, windowSeconds, 'NX'))) as [number];
  return count;
}

/**
 * Failures that slow the next attempt down rather than lock anything: after `free` failures, each
 * further one makes the next attempt wait, first `firstDelaySeconds`, twice as long after each
 * failure that follows, at most `maxDelaySeconds`. An attempt made while waiting is refused
 * (RATE_LIMITED) before it is checked; failures are forgotten after `windowSeconds` without one.
 */
export const FailureDelays = {
  /** Wrong passwords for one account from one client address: where guessing is slowed down. */
  'signin-account-ip': { free: 5, firstDelaySeconds: 1, maxDelaySeconds: 900, windowSeconds: 3600 },
  /**
   * Wrong passwords for one account from every address together: the looser ceiling for guesses
   * spread over many addresses. Never applied to an address the account signed in from before,
   * so that nobody elsewhere can keep the owner out.
   */
  'signin-account': { free: 50, firstDelaySeconds: 1, maxDelaySeconds: 900, windowSeconds: 3600 },
} as const satisfies Record<
  string,
  { free: number; firstDelaySeconds: number; maxDelaySeconds: number; windowSeconds: number }
>;

export type FailureDelayName = keyof typeof FailureDelays;

const failuresKey = (name: FailureDelayName, subject: string | number) => kvKey('delay', name, subject);

/** Whether an attempt of `subject` must still wait (`FailureDelays`). */
export async function isDelayed(name: FailureDelayName, subject: string | number): Promise<boolean> {
  const until = Number(await kv().hget(failuresKey(name, subject), 'until'));
  return Number.isFinite(until) && until > Date.now();
}

/** Counts a failure of `subject`, and sets how long its next attempt waits. */
export async function recordFailure(name: FailureDelayName, subject: string | number): Promise<void> {
  const { free, firstDelaySeconds, maxDelaySeconds, windowSeconds } = FailureDelays[name];
  const key = failuresKey(name, subject);
  const [failures] = (await execAll(
    kv().multi().hincrby(key, 'failures', 1).expire(key, Math.max(windowSeconds, maxDelaySeconds)),
  )) as [number];
  if (failures <= free) return;
  const delaySeconds = Math.min(firstDelaySeconds * 2 ** (failures - free - 1), maxDelaySeconds);
  await kv().hset(key, 'until', String(Date.now() + delaySeconds * 1000));
}

/** Forgets the failures of `subject` (it succeeded). */
export async function forgetFailures(name: FailureDelayName, subject: string | number): Promise<void> {
  await kv().del(failuresKey(name, subject));
}
