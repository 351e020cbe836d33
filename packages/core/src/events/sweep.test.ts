import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextId } from '../db/counters';
import { initKv, kv, kvKey } from '../kv';
import { createRedis } from '../redis';
import { useTestServices } from '../testing';
import { Topic, type TopicDoc } from '../topics/model';
import { closeEventBus, getQueue, initEventBus } from './queues';
import { sweepOutboxes } from './sweeper';
import { JobRun } from './jobs';
import { newEvent, pendingKey } from './outbox';
import { PendingEvent } from './pending-events';
import { routesOf } from '@forum/contracts';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
const queries: { collection: string; method: string; query: unknown }[] = [];

beforeAll(() => {
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
});
// Each case starts with no recorded events and no index.
beforeEach(async () => {
  await Promise.all([Topic.deleteMany({}), PendingEvent.deleteMany({}), JobRun.deleteMany({})]);
  await kv().del(pendingKey(), kvKey('outbox', 'indexed'), kvKey('outbox', 'indexing'));
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

/** Makes the index entries due now, as they are once their re-check time has come. */
async function makeDue(): Promise<void> {
  for (const member of await kv().zrange(pendingKey(), '0', '-1')) await kv().zadd(pendingKey(), '0', member);
}

describe('the outbox sweeper', () => {
  it('finds an undispatched event through the pending index and queues it, reading the document by _id and never writing it', async () => {
    await sweepOutboxes(0); // the first sweep makes the index complete
    const { id, eventId } = await undispatchedTopic();
    expect(await kv().zcard(pendingKey())).toBe(1);

    recordQueries();
    expect(await sweepOutboxes(0)).toBe(1);
    const onTopics = queries.filter((entry) => entry.collection === 'topics');
    expect(onTopics.length).toBeGreaterThan(0);
    for (const entry of onTopics) {
      expect(entry.method).toBe('findOne');
      expect(Object.keys(entry.query as object)).toEqual(['_id']);
    }

    expect(await getQueue('maintenance').getJob(eventId)).toBeDefined();
    // The event's state moved to its own row; the topic keeps the entry its writer left.
    expect(await PendingEvent.exists({ _id: eventId })).toBeTruthy();
    expect((await Topic.findById(id).lean<TopicDoc>())!.outbox?.map((e) => e.id)).toEqual([eventId]);
    // Listed again for the re-check that forgets it once its jobs have run.
    expect(await kv().zcard(pendingKey())).toBe(1);
  });

  it('keeps an event until every job it is routed to has run, then forgets it', async () => {
    await sweepOutboxes(0);
    const { eventId } = await undispatchedTopic();
    await sweepOutboxes(0);
    const routes = routesOf('topic.created');
    const [first, ...rest] = routes;
    await JobRun.create({
      _id: `${first!.queue}/${eventId}`,
      queue: first!.queue,
      name: first!.job,
      finishTime: 1,
    });

    // A job that has not run is queued again, e.g. after Redis lost it.
    await Promise.all(rest.map((route) => getQueue(route.queue).remove(eventId)));
    await makeDue();
    expect(await sweepOutboxes(0)).toBe(1);
    for (const route of rest) expect(await getQueue(route.queue).getJob(eventId)).toBeDefined();
    expect(await PendingEvent.exists({ _id: eventId })).toBeTruthy();

    await JobRun.create(
      rest.map((route) => ({
        _id: `${route.queue}/${eventId}`,
        queue: route.queue,
        name: route.job,
        finishTime: 1,
      })),
    );
    await makeDue();
    expect(await sweepOutboxes(0)).toBe(0);
    expect(await PendingEvent.exists({ _id: eventId })).toBeNull();
    expect(await kv().zcard(pendingKey())).toBe(0);
  });

  it('after Redis lost the index, one full scan finds what was recorded before and what was waiting', async () => {
    await sweepOutboxes(0);
    const { eventId } = await undispatchedTopic();
    await sweepOutboxes(0);
    const waiting = await undispatchedTopic();
    await kv().del(pendingKey(), kvKey('outbox', 'indexed'));
    await Promise.all(routesOf('topic.created').map((route) => getQueue(route.queue).remove(eventId)));

    expect(await sweepOutboxes(0)).toBe(2);
    expect(await getQueue('maintenance').getJob(eventId)).toBeDefined();
    expect(await getQueue('maintenance').getJob(waiting.eventId)).toBeDefined();
  });

  it('scans for the index once at a time, and marks it whole only when a scan has finished', async () => {
    await sweepOutboxes(0);
    const { eventId } = await undispatchedTopic();
    await kv().del(pendingKey(), kvKey('outbox', 'indexed'));
    await Promise.all(routesOf('topic.created').map((route) => getQueue(route.queue).remove(eventId)));
    // Another sweep is scanning: this one settles what is indexed (nothing yet) and leaves the rest.
    await kv().set(kvKey('outbox', 'indexing'), 'elsewhere', 'EX', 60);
    expect(await sweepOutboxes(0)).toBe(0);
    expect(await kv().exists(kvKey('outbox', 'indexed'))).toBe(0);
    // That sweep is gone: the next one scans, finds the event and marks the index whole.
    await kv().del(kvKey('outbox', 'indexing'));
    expect(await sweepOutboxes(0)).toBe(1);
    expect(await getQueue('maintenance').getJob(eventId)).toBeDefined();
    expect(await kv().exists(kvKey('outbox', 'indexed'))).toBe(1);
    expect(await kv().exists(kvKey('outbox', 'indexing'))).toBe(0);
  });

  it('drops an index entry whose write never happened', async () => {
    await sweepOutboxes(0);
    await kv().zadd(pendingKey(), Date.now() - 60_000, 'Topic:999999:deadbeef');
    expect(await sweepOutboxes(0)).toBe(0);
    expect(await kv().zcard(pendingKey())).toBe(0);
  });
});
