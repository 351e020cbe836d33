/**
 * What the site relies on of its Redis. Batches (pipelines and MULTI) answer through `execAll`: a command that failed is an error, never
 * a reply. ioredis resolves such a batch with `[error, undefined]` pairs, and read as replies they
 * made a failed "did this member like it?" answer yes (the crash test's lost likes, answered
 * "已点赞" while a cluster primary failed over). A key of the wrong type fails the same way here.
 * And a Redis too old for the commands the site sends stops a process's start with one line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initKv, kvKey } from './kv';
import { assertRedisVersion, createRedis, execAll, redisVersionProblem } from './redis';
import { likedIn, likerList } from './read-model/likes';
import { followedIn } from './read-model/follows';
import { userLists } from './read-model/users';
import { useTestServices } from './testing';

const services = useTestServices();
const redis = createRedis(services.redisUrl);

beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

describe('execAll', () => {
  it('answers the replies of a pipeline and of a transaction in order', async () => {
    const key = kvKey('batch', 'ok');
    expect(await execAll(redis.pipeline().set(key, 'a').get(key).strlen(key))).toEqual(['OK', 'a', 1]);
    expect(
      await execAll(
        redis
          .multi()
          .incr(key + ':n')
          .incrby(key + ':n', 2),
      ),
    ).toEqual([1, 3]);
  });

  it('throws the error of a command that failed, in a pipeline and in a transaction', async () => {
    const key = kvKey('batch', 'string');
    await redis.set(key, 'not a sorted set');
    // Unchecked, ioredis answers the pair: the error and an undefined reply.
    const [error, reply] = (await redis.pipeline().zscore(key, '1').exec())![0]!;
    expect(error).toBeInstanceOf(Error);
    expect(reply).toBeUndefined();
    await expect(execAll(redis.pipeline().get(key).zscore(key, '1'))).rejects.toThrow(/WRONGTYPE/);
    await expect(execAll(redis.multi().get(key).zscore(key, '1'))).rejects.toThrow(/WRONGTYPE/);
  });
});

describe('a lookup whose reply failed', () => {
  it('throws instead of answering that the member liked it', async () => {
    await redis.set(likerList('topic', 424242), 'broken');
    await redis.del(likerList('topic', 424243));
    await expect(likedIn(7, 'topic', [424243, 424242])).rejects.toThrow(/WRONGTYPE/);
    expect(await likedIn(7, 'topic', [424243])).toEqual(new Set());
  });

  it('throws instead of answering that the member follows them', async () => {
    await redis.set(userLists.follows(424244), 'broken');
    await expect(followedIn(424244, [1, 2])).rejects.toThrow(/WRONGTYPE/);
  });
});

describe('the Redis version', () => {
  it('refuses a Redis older than 7 with one line, and takes 7 and later', async () => {
    expect(redisVersionProblem('# Server\r\nredis_version:6.2.14\r\nredis_mode:standalone\r\n')).toBe(
      'Redis 6.2.14 is too old: the site needs Redis 7 or later (EXPIRE NX, SET PXAT)',
    );
    expect(redisVersionProblem('redis_version:7.0.15\r\n')).toBeNull();
    expect(redisVersionProblem('redis_version:8.2.1\r\n')).toBeNull();
    // The test's own Redis is recent enough.
    await expect(assertRedisVersion(redis)).resolves.toBeUndefined();
  });
});
