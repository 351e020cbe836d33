/**
 * The `feed` queue (docs/legacy-api.md §4.6): a new topic fans out to its author's fans, a follow copies
 * the followee's topics into the follower's feed, an unfollow and a topic deletion take them out.
 * Every job reads the current state (topic status, follow row) and writes sorted-set members, so
 * running one again or out of order converges on the same feed.
 */
import { QueueName, TopicStatus } from '@forum/contracts';
import { z } from 'zod';
import { getQueue } from '../events/queues';
import { defineEventJob, defineJob } from '../events/jobs';
import {
  addTopicToFeeds,
  copyAuthorTopics,
  fansSlice,
  fansTotal,
  removeAuthorTopics,
  removeTopicFromFeeds,
} from '../read-model/feed';
import { followRowId } from '../read-model/follows';
import { UserFollow } from '../follows/model';
import { readTopic } from '../read-model/topics';
import type { Logger } from '../logger';

/**
 * Fans per fan-out job. An author with more fans gets one job per batch, so their topic never
 * holds a worker long and other jobs of the queue run in between.
 */
export const FEED_FANOUT_BATCH = 1000;

export const fanOutBatchJob = defineJob({
  queue: QueueName.Feed,
  name: 'fan-out-topic-batch',
  schema: z.object({
    topicId: z.number().int().positive(),
    start: z.number().int().nonnegative(),
    stop: z.number().int().nonnegative(),
  }),
  // Idempotent: adding a topic to a feed that holds it already changes nothing.
  async handler({ topicId, start, stop }) {
    const topic = await readTopic(topicId);
    if (!topic || topic.status !== TopicStatus.Ok) return;
    await addTopicToFeeds(topic, await fansSlice(topic.userId, start, stop));
  },
});

/**
 * Adds a shown topic to its author's fans' feeds, in batches past FEED_FANOUT_BATCH fans.
 * `batchKey` makes the batch job ids deterministic for one event.
 */
async function fanOutTopic(topicId: number, batchKey: string, log: Logger): Promise<void> {
  const topic = await readTopic(topicId);
  if (!topic || topic.status !== TopicStatus.Ok) return;
  const total = await fansTotal(topic.userId);
  if (total <= FEED_FANOUT_BATCH) {
    await addTopicToFeeds(topic, await fansSlice(topic.userId, 0, Math.max(total - 1, 0)));
    return;
  }
  const batches = [];
  for (let start = 0; start < total; start += FEED_FANOUT_BATCH) {
    const data = { topicId: topic._id, start, stop: start + FEED_FANOUT_BATCH - 1 };
    batches.push({ name: fanOutBatchJob.name, data, opts: { jobId: `${batchKey}-${start}` } });
  }
  await getQueue(QueueName.Feed).addBulk(batches);
  log.info({ topicId: topic._id, fans: total, batches: batches.length }, 'fanning a topic out in batches');
}

export const fanOutTopicJob = defineEventJob('topic.created', {
  queue: QueueName.Feed,
  name: 'fan-out-topic',
  // Idempotent: batches carry deterministic job ids and adding to a feed twice changes nothing.
  handler: ({ payload }, { log }) => fanOutTopic(payload.topicId, `fanout-${payload.topicId}`, log),
});

export const fanOutRestoredTopicJob = defineEventJob('topic.restored', {
  queue: QueueName.Feed,
  name: 'fan-out-restored-topic',
  // Idempotent as the fan-out of a new topic; the event id keys its batches (a topic can come back twice).
  handler: ({ id, payload }, { log }) => fanOutTopic(payload.topicId, `refanout-${id}`, log),
});

export const copyFollowedTopicsJob = defineEventJob('follow.created', {
  queue: QueueName.Feed,
  name: 'copy-followed-topics',
  // Idempotent: copying again adds nothing; a follow already undone copies nothing. The row is
  // looked up in MongoDB: a writer that died before projecting the follow left it out of Redis
  // until its repair job (which may run after this one) puts it there.
  async handler({ payload }) {
    const following =
      payload.followId === undefined
        ? (await followRowId(payload.userId, payload.otherId)) !== null
        : (await UserFollow.exists({ _id: payload.followId })) !== null;
    if (following) await copyAuthorTopics(payload.userId, payload.otherId);
  },
});

export const removeUnfollowedTopicsJob = defineEventJob('follow.deleted', {
  queue: QueueName.Feed,
  name: 'remove-unfollowed-topics',
  // Idempotent: removing again removes nothing; a follow made again since keeps its topics.
  async handler({ payload }) {
    if (!(await followRowId(payload.userId, payload.otherId))) {
      await removeAuthorTopics(payload.userId, payload.otherId);
    }
  },
});

export const removeDeletedTopicJob = defineEventJob('topic.deleted', {
  queue: QueueName.Feed,
  name: 'remove-deleted-topic',
  // Idempotent: removing a member that is gone changes nothing; a topic restored since stays.
  async handler({ payload }) {
    const topic = await readTopic(payload.topicId);
    if (topic && topic.status === TopicStatus.Ok) return;
    const total = await fansTotal(payload.userId);
    for (let start = 0; start < total; start += FEED_FANOUT_BATCH) {
      const fans = await fansSlice(payload.userId, start, start + FEED_FANOUT_BATCH - 1);
      await removeTopicFromFeeds(payload.topicId, fans);
    }
  },
});

export const feedJobs = [
  fanOutTopicJob,
  fanOutRestoredTopicJob,
  fanOutBatchJob,
  copyFollowedTopicsJob,
  removeUnfollowedTopicsJob,
  removeDeletedTopicJob,
];
