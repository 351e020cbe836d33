/**
 * The API's Redis client auto-pipelines: commands issued in one tick go out as one pipeline. A
 * script command defined on first use was missing from a pipeline another command had opened in
 * that tick, which failed the pipeline and crashed the process on the first page after a start.
 */
import { expect, it } from 'vitest';
import { initKv, kv } from './kv';
import { readUsers } from './read-model/users';
import { createRedis } from './redis';
import { buildUser, useTestServices } from './testing';

const services = useTestServices();

it('a script command works in the same auto-pipeline as the commands before it, on a new client', async () => {
  const user = await buildUser({ nickname: '同一拍' });
  const redis = createRedis(services.redisUrl, { enableAutoPipelining: true });
  try {
    initKv(redis, services.prefix);
    // The plain command opens this tick's pipeline; the page read (a script) joins it.
    const [plain, users] = await Promise.all([kv().get('no-such-key'), readUsers([user._id])]);
    expect(plain).toBeNull();
    expect(users.get(user._id)?.nickname).toBe('同一拍');
  } finally {
    await redis.quit();
  }
});
