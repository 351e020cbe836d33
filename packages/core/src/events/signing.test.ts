import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventJobData } from '@forum/contracts';
import { initKv } from '../kv';
import { likeEntity } from '../likes/like-entity';
import { UserLike } from '../likes/model';
import { createLogger } from '../logger';
import { createRedis } from '../redis';
import { buildTopic, buildUser, contextFor, useTestServices } from '../testing';
import { defineEventJob, runJob, UnrecordedEventError, type JobContext } from './jobs';
import type { OutboxEntry } from './outbox';
import { closeEventBus, getQueue, initEventBus } from './queues';
import {
  EventSigningKey,
  eventSigningKey,
  forgetEventSigningKey,
  hasValidSignature,
  signEventJob,
} from './signing';

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

/** A job of the like event that records the payload it ran on. */
function probe() {
  const ran: unknown[] = [];
  const job = defineEventJob('like.created', {
    queue: 'notify',
    name: 'probe',
    handler: async (event) => {
      ran.push(event.payload);
    },
  });
  const context = (jobId: string): JobContext => ({
    queue: 'notify',
    name: 'probe',
    jobId,
    log: createLogger('test', 'silent'),
    firstStart: true,
  });
  return { ran, run: (data: EventJobData) => runJob(job, job.schema.parse(data), context(data.id)) };
}

/** A like, and the job data its writer put on the notify queue. */
async function likeWithItsJob() {
  const [author, reader] = [await buildUser(), await buildUser()];
  const topic = await buildTopic({ userId: author._id });
  await likeEntity(contextFor(reader), 'topic', topic._id);
  const like = await UserLike.findOne({ userId: reader._id, entityId: topic._id }).lean<{
    _id: number;
    outbox: OutboxEntry[];
  }>();
  const event = like!.outbox[0]!;
  const job = await getQueue('notify').getJob(event.id);
  return { like: like!, event, data: job!.data as EventJobData };
}

describe('signed event jobs', () => {
  it("carry the writer's signature, and run on their own data without reading the event back", async () => {
    const { like, event, data } = await likeWithItsJob();
    expect(data.signature).toEqual(expect.any(String));
    expect(hasValidSignature(await eventSigningKey(), data)).toBe(true);
    // The document that recorded the event is gone: only the job's own data can be run on.
    await UserLike.collection.deleteOne({ _id: like._id } as never);
    const { ran, run } = probe();
    expect(await run(data)).toBe(true);
    expect(ran).toEqual([event.payload]);
  });

  it('whose data was changed in Redis run on the recorded event, or not at all', async () => {
    const { event, data } = await likeWithItsJob();
    const changed = { ...data, payload: { ...(data.payload as object), userId: 1 } };
    expect(hasValidSignature(await eventSigningKey(), changed)).toBe(false);
    const { ran, run } = probe();
    await run(changed);
    expect(ran).toEqual([event.payload]);
    expect((ran[0] as { userId: number }).userId).not.toBe(1);

    // Unsigned, or signed with a key that is not the site's: the same.
    const { data: other } = await likeWithItsJob();
    const forged = { ...other, payload: { ...(other.payload as object), userId: 1 } };
    const { signature: _dropped, ...unsigned } = forged;
    forged.signature = signEventJob(Buffer.alloc(32, 7), unsigned);
    // Neither like's document is left to read the event from.
    await UserLike.collection.deleteMany({});
    await expect(probe().run(forged)).rejects.toBeInstanceOf(UnrecordedEventError);
    await expect(probe().run(unsigned)).rejects.toBeInstanceOf(UnrecordedEventError);
  });

  it('are signed with one key per site, kept in MongoDB and made once however many processes ask', async () => {
    await EventSigningKey.deleteMany({});
    forgetEventSigningKey();
    const keys = await Promise.all([eventSigningKey(), eventSigningKey()]);
    expect(keys[0]).toHaveLength(32);
    const stored = await EventSigningKey.find({}).lean<{ key: string }[]>();
    expect(stored.map((row) => row.key)).toEqual([keys[0]!.toString('base64')]);
    // Another process (this one, having forgotten) reads the same key.
    forgetEventSigningKey();
    expect((await eventSigningKey())?.equals(keys[0]!)).toBe(true);
  });
});
