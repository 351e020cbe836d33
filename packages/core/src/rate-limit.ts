import { AppError } from './errors';
import { kv, kvKey } from './kv';

/**
 * A fixed-window counter in Redis: at most `limit` hits per `windowSeconds` for one key (an IP, a
 * user id). Throws RATE_LIMITED beyond that.
 */
export async function hitRateLimit(
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
