import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServices } from './testing';
import { createRedis } from './redis';
import { initKv } from './kv';
import { kv, kvKey } from './kv';
import {
  countHit,
  FailureDelays,
  forgetFailures,
  hitRateLimit,
  isDelayed,
  RateLimits,
  recordFailure,
} from './rate-limit';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

describe('rate limits', () => {
  it('allow the limit within a window, refuse the next hit, and keep subjects apart', async () => {
    for (let i = 0; i < 3; i++) await countHit('signin', '10.0.0.1', 3, 60);
    await expect(countHit('signin', '10.0.0.1', 3, 60)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(countHit('signin', '10.0.0.2', 3, 60)).resolves.toBeUndefined();
  });

  it('open again when the window ends', async () => {
    await countHit('upload', 7, 1, 1);
    await expect(countHit('upload', 7, 1, 1)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(countHit('upload', 7, 1, 1)).resolves.toBeUndefined();
  });

  it('count each named limit against its row of the table', async () => {
    const { limit } = RateLimits.signup;
    for (let i = 0; i < limit; i++) await hitRateLimit('signup', '10.0.0.9');
    await expect(hitRateLimit('signup', '10.0.0.9')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(hitRateLimit('signin-ip', '10.0.0.9')).resolves.toBeUndefined();
  });
});

describe('failure delays', () => {
  const waitOf = async (subject: string) =>
    Number(await kv().hget(kvKey('delay', 'signin-account-ip', subject), 'until')) - Date.now();

  it('let the free failures pass, then make each next attempt wait twice as long, up to the cap', async () => {
    const { free, firstDelaySeconds, maxDelaySeconds } = FailureDelays['signin-account-ip'];
    const subject = '7@10.0.0.1';
    for (let i = 0; i < free; i++) await recordFailure('signin-account-ip', subject);
    expect(await isDelayed('signin-account-ip', subject)).toBe(false);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      await recordFailure('signin-account-ip', subject);
      waits.push(Math.round((await waitOf(subject)) / 1000));
    }
    expect(await isDelayed('signin-account-ip', subject)).toBe(true);
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8].map((factor) => factor * firstDelaySeconds));
    expect(Math.max(...waits)).toBe(maxDelaySeconds);
    // Another account, or the same account from another address, is not held back.
    expect(await isDelayed('signin-account-ip', '8@10.0.0.1')).toBe(false);
    expect(await isDelayed('signin-account-ip', '7@10.0.0.2')).toBe(false);
    await forgetFailures('signin-account-ip', subject);
    expect(await isDelayed('signin-account-ip', subject)).toBe(false);
  });
});
