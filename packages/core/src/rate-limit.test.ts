import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServices } from './testing';
import { createRedis } from './redis';
import { initKv } from './kv';
import { hitRateLimit } from './rate-limit';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

describe('rate limits', () => {
  it('allow the limit within a window, refuse the next hit, and keep subjects apart', async () => {
    for (let i = 0; i < 3; i++) await hitRateLimit('signin', '10.0.0.1', 3, 60);
    await expect(hitRateLimit('signin', '10.0.0.1', 3, 60)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(hitRateLimit('signin', '10.0.0.2', 3, 60)).resolves.toBeUndefined();
  });

  it('open again when the window ends', async () => {
    await hitRateLimit('upload', 7, 1, 1);
    await expect(hitRateLimit('upload', 7, 1, 1)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(hitRateLimit('upload', 7, 1, 1)).resolves.toBeUndefined();
  });
});
