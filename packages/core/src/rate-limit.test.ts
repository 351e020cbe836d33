import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServices } from './testing';
import { createRedis } from './redis';
import { initKv } from './kv';
import { countHit, hitRateLimit, RateLimits } from './rate-limit';

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
