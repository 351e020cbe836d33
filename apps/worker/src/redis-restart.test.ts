/**
 * Redis restarting without persistence while jobs are queued: every key of this file's prefix (its
 * queues, the pending index, the read model) is deleted — never the shared Redis's other keys —
 * and the worker started afterwards still runs every job of every event, once.
 */
import { describe, expect, it } from 'vitest';
import {
  addFavorite,
  followUser,
  getQueue,
  JobRun,
  likeEntity,
  listScoreLogs,
  outboxEntryOf,
  PendingEvent,
  readTopic,
  readUser,
  registeredOutboxModels,
  type OutboxEntry,
  type PendingEventDoc,
} from '@forum/core';
import { routesOf } from '@forum/contracts';
import { buildComment, buildUser, contextFor, postTopic, useTestServices } from '@forum/core/testing';
import { useForum, waitFor } from '../test/helpers';

const services = useTestServices();
const forum = useForum(services);

/** What a Redis restarted without persistence leaves of this file's keys: nothing. */
async function emptyThisPrefix(): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await forum.redis.scan(cursor, 'MATCH', `${services.prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await forum.redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** Every event recorded and not yet settled: in documents' outboxes and in pending_events. */
async function recordedEvents(): Promise<OutboxEntry[]> {
  const kept = await Promise.all(
    registeredOutboxModels().map((model) =>
      model.find({}, { outbox: 1 }).lean<{ outbox?: OutboxEntry[] }[]>(),
    ),
  );
  const rows = await PendingEvent.find({}).lean<PendingEventDoc[]>();
  const events = new Map<string, OutboxEntry>();
  for (const entry of kept.flat().flatMap((doc) => doc.outbox ?? [])) events.set(entry.id, entry);
  for (const row of rows) events.set(row._id, outboxEntryOf(row));
  return [...events.values()];
}

describe('a Redis restart without persistence', () => {
  it('loses no queued event: the worker started afterwards runs every job of every event once', async () => {
    const author = await buildUser();
    const reader = await buildUser();
    const topics = [];
    for (const title of ['重启之前一', '重启之前二']) {
      topics.push(await postTopic(author, title));
    }
    await buildComment({ author: reader, entityId: topics[0]!._id, content: '跟帖' });
    await likeEntity(contextFor(reader), 'topic', topics[0]!._id);
    await addFavorite(contextFor(reader), 'topic', topics[1]!._id);
    await followUser(contextFor(reader), author._id);

    // No worker runs: the jobs wait in Redis, and each event waits where it was recorded — in the
    // outbox of the document whose insert recorded it, or in pending_events.
    const events = await recordedEvents();
    expect(events.map((event) => event.type).sort()).toEqual(
      [
        'comment.created',
        'favorite.created',
        'follow.created',
        'like.created',
        'topic.created',
        'topic.created',
      ].sort(),
    );
    expect((await getQueue('points').getJobCounts('waiting')).waiting).toBe(3);

    expect(await emptyThisPrefix()).toBeGreaterThan(0);
    expect((await getQueue('points').getJobCounts('waiting')).waiting).toBe(0);

    await forum.startWorker();
    const runIds = events.flatMap((event) =>
      routesOf(event.type).map((route) => `${route.queue}/${event.id}`),
    );
    await waitFor(
      'every job of every event to run',
      async () => (await JobRun.countDocuments({ _id: { $in: runIds } })) === runIds.length,
      45_000,
    );

    // Each side effect once: points for two topics and one comment, the counters of the read model.
    expect((await readUser(author._id))?.score).toBe(2);
    expect((await readUser(reader._id))?.score).toBe(1);
    expect((await listScoreLogs(author)).results).toHaveLength(2);
    expect((await readTopic(topics[0]!._id))?.commentCount).toBe(1);
    expect((await readTopic(topics[0]!._id))?.likeCount).toBe(1);
  }, 90_000);
});
