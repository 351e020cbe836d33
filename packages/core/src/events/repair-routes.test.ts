import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '@forum/contracts';
import { Comment } from '../comments/model';
import { createComment } from '../comments/create-comment';
import { nextId } from '../db/counters';
import { initKv, kv, kvKey } from '../kv';
import { followUser } from '../follows/follow';
import { UserFollow } from '../follows/model';
import { likeEntity } from '../likes/like-entity';
import { UserLike } from '../likes/model';
import { createRedis } from '../redis';
import { buildTopic, buildUser, contextFor, useTestServices } from '../testing';
import { newEvent, pendingKey, type OutboxEntry } from './outbox';
import { closeEventBus, getQueue, initEventBus, remainingRoutes } from './queues';
import { sweepOutboxes } from './sweeper';

const services = useTestServices();
const redis = createRedis(services.redisUrl);

beforeAll(() => {
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
});
afterAll(async () => {
  await closeEventBus();
  await redis.quit();
});

/** The queues that hold a job of the event, by the event's routes. */
async function queuedOn(event: Pick<OutboxEntry, 'id' | 'type'>): Promise<string[]> {
  const queued = [];
  for (const route of routesOf(event.type)) {
    if (await getQueue(route.queue).getJob(event.id)) queued.push(`${route.queue}/${route.job}`);
  }
  return queued;
}

async function outboxOf(
  model: typeof UserLike | typeof Comment | typeof UserFollow,
  id: number,
): Promise<OutboxEntry> {
  const doc = await model.collection.findOne({ _id: id } as never, { projection: { outbox: 1 } });
  return (doc as unknown as { outbox: OutboxEntry[] }).outbox[0]!;
}

describe('repair routes', () => {
  it('are left out by a writer that projected its insert, and counted out of its routes', async () => {
    const [author, reader] = [await buildUser(), await buildUser()];
    const topic = await buildTopic({ userId: author._id });

    const comment = await createComment(contextFor(reader), {
      entityType: 'topic',
      entityId: topic._id,
      content: '评论',
    });
    const commentEvent = await outboxOf(Comment, comment._id);
    expect(await queuedOn(commentEvent)).toEqual(['points/comment-points', 'notify/notify-comment']);
    expect(await remainingRoutes(commentEvent.id)).toBe(2);

    await likeEntity(contextFor(reader), 'topic', topic._id);
    const like = await UserLike.findOne({ userId: reader._id, entityId: topic._id }).lean<{ _id: number }>();
    const likeEvent = await outboxOf(UserLike, like!._id);
    expect(await queuedOn(likeEvent)).toEqual(['notify/notify-like']);
    expect(await remainingRoutes(likeEvent.id)).toBe(1);

    await followUser(contextFor(reader), author._id);
    const follow = await UserFollow.findOne({ userId: reader._id, otherId: author._id }).lean<{
      _id: number;
    }>();
    const followEvent = await outboxOf(UserFollow, follow!._id);
    expect(await queuedOn(followEvent)).toEqual(['feed/copy-followed-topics']);
    expect(await remainingRoutes(followEvent.id)).toBe(1);
  });

  it('are run by the sweeper for a write whose writer died before dispatching', async () => {
    const [author, reader] = [await buildUser(), await buildUser()];
    const topic = await buildTopic({ userId: author._id });
    const likeId = await nextId('user_like');
    const event = newEvent('like.created', {
      likeId,
      entityType: 'topic',
      entityId: topic._id,
      userId: reader._id,
    });
    // Written with its event, never projected nor dispatched.
    await UserLike.collection.insertOne({
      _id: likeId,
      userId: reader._id,
      entityType: 'topic',
      entityId: topic._id,
      createTime: Date.now(),
      outbox: [event],
    } as never);
    // As after Redis lost the pending index: the sweeper's scan finds the outbox entry.
    await kv().del(pendingKey(), kvKey('outbox', 'indexed'));

    await sweepOutboxes(0);
    expect(await queuedOn(event)).toEqual(['maintenance/project-like-created', 'notify/notify-like']);
  });
});
