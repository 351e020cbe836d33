import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { useTestServices } from '../testing';
import { ensureReadModel, readModelState, rebuildUnlessReady } from './rebuild';
import { READ_MODEL_VERSION, readyKey, rmKey } from './store';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

describe('a read model written by a newer release', () => {
  it('is neither rebuilt nor served by an older process, which waits until the layout is its own', async () => {
    const marker = rmKey('topics', 'all');
    await redis.zadd(marker, 1, '42');
    await redis.set(readyKey(), String(READ_MODEL_VERSION + 1));
    expect(await readModelState()).toBe('newer');

    const warnings: string[] = [];
    const log = { info: () => undefined, warn: (_: object, message: string) => void warnings.push(message) };
    let settled = false;
    const waiting = ensureReadModel(log).then(() => (settled = true));
    while (warnings.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warnings).toEqual(['the read model has a newer layout: not serving']);
    expect(settled).toBe(false);

    await redis.set(readyKey(), String(READ_MODEL_VERSION));
    await waiting;
    // Nothing was emptied or rebuilt meanwhile.
    expect(await redis.zrevrange(marker, 0, -1)).toEqual(['42']);
  });

  it('counts an older or absent layout as missing, to be rebuilt', async () => {
    await redis.set(readyKey(), String(READ_MODEL_VERSION - 1));
    expect(await readModelState()).toBe('missing');
    await redis.del(readyKey());
    expect(await readModelState()).toBe('missing');
  });
});

describe('a rebuild at start', () => {
  it('says where it is while it runs, so a start that takes minutes is seen to move', async () => {
    await redis.del(readyKey());
    const lines: { message: string; fields: object }[] = [];
    const log = { info: (fields: object, message: string) => void lines.push({ message, fields }) };
    await ensureReadModel(log, { reportEveryMs: 0 });
    expect(await readModelState()).toBe('ready');
    const progress = lines.filter((line) => line.message.startsWith('rebuilding the read model: '));
    expect(progress.map((line) => line.fields)).toContainEqual(
      expect.objectContaining({ source: 'topics', done: expect.any(Number), total: expect.any(Number) }),
    );
    expect(lines.at(0)?.message).toBe('read model missing: rebuilding it from MongoDB');
    expect(lines.at(-1)?.message).toBe('read model rebuilt');
  });
});

describe('two processes that find the read model missing', () => {
  it('rebuild it once: the one that gets the lock after the other finished finds it ready', async () => {
    // The other process's rebuild finished between this one's look and its lock.
    const marker = rmKey('topics', 'all');
    await redis.zadd(marker, 1, '42');
    await redis.set(readyKey(), String(READ_MODEL_VERSION));
    const lines: string[] = [];
    expect(await rebuildUnlessReady({ info: (_: object, message: string) => void lines.push(message) })).toBe(
      true,
    );
    expect(lines).toEqual([]);
    expect(await redis.zrevrange(marker, 0, -1)).toEqual(['42']);
  });
});
