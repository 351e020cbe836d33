import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../db/counters';
import { initKv, kv, kvKey } from '../kv';
import { createRedis } from '../redis';
import { useTestServices } from '../testing';
import { Topic, type TopicDoc } from '../topics/model';
import { closeEventBus, getQueue, initEventBus, sweepOutboxes } from './bus';
import { newEvent, pendingKey } from './outbox';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
const queries: { collection: string; method: string; query: unknown }[] = [];

beforeAll(() => {
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
});
afterEach(() => {
  mongoose.set('debug', false);
});
afterAll(async () => {
  await closeEventBus();
  await redis.quit();
});

/** A topic written with its event as a process that died before dispatching would leave it. */
async function undispatchedTopic(): Promise<{ id: number; eventId: string }> {
  const id = await nextId('topic');
  const event = newEvent('topic.created', { topicId: id, userId: 1, nodeId: 1 });
  const now = Date.now();
  await Topic.create({
    _id: id,
    type: 0,
    nodeId: 1,
    userId: 1,
    title: '未派发',
    lastCommentTime: now,
    createTime: now,
    outbox: [event],
  });
  return { id, eventId: event.id };
}

function recordQueries(): void {
  queries.length = 0;
  mongoose.set('debug', (collection: string, method: string, query: unknown) => {
    queries.push({ collection, method, query });
  });
}

describe('the outbox sweeper', () => {
  it('finds an undispatched event through the pending index, looking the document up by _id only', async () => {
    await sweepOutboxes(0); // the first sweep makes the index complete
    const { id, eventId } = await undispatchedTopic();
    expect(await kv().zcard(pendingKey())).toBe(1);

    recordQueries();
    expect(await sweepOutboxes(0)).toBe(1);
    const onTopics = queries.filter((entry) => entry.collection === 'topics');
    expect(onTopics.length).toBeGreaterThan(0);
    for (const entry of onTopics) expect(Object.keys(entry.query as object)).toEqual(['_id']);

    expect(await getQueue('maintenance').getJob(eventId)).toBeDefined();
    expect((await Topic.findById(id).lean<TopicDoc>())!.outbox ?? []).toEqual([]);
    expect(await kv().zcard(pendingKey())).toBe(0);
  });

  it('after Redis lost the index, one full scan finds what was recorded before', async () => {
    await sweepOutboxes(0);
    const { id, eventId } = await undispatchedTopic();
    await kv().del(pendingKey(), kvKey('outbox', 'indexed'));

    expect(await sweepOutboxes(0)).toBe(1);
    expect(await getQueue('maintenance').getJob(eventId)).toBeDefined();
    expect((await Topic.findById(id).lean<TopicDoc>())!.outbox ?? []).toEqual([]);
  });

  it('drops an index entry whose write never happened', async () => {
    await sweepOutboxes(0);
    await kv().zadd(pendingKey(), Date.now() - 60_000, 'Topic:999999:deadbeef');
    expect(await sweepOutboxes(0)).toBe(0);
    expect(await kv().zcard(pendingKey())).toBe(0);
  });
});
