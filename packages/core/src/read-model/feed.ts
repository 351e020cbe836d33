/**
 * The follow feed (docs/legacy-api.md §4.6) in the read model: per user, a sorted set of the topics of the
 * people they follow (member = topic id, score = the topic's createTime, the legacy cursor). The
 * `feed` queue's jobs fill and trim it; readers check each topic again, so a deleted or hidden topic
 * or an unfollowed author never shows even before a job has run.
 */
import type { TopicDoc } from '../topics/model';
import { UserFollow, type UserFollowRow } from '../follows/model';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';
import { readTopics, topicLists } from './topics';
import { userLists } from './users';
import { TopicStatus } from '@forum/contracts';
import { execAll } from '../redis';

export const feedList = (userId: number) => rmKey('feed', userId);

const CHUNK = 500;

/** Adds one topic to the feeds of `fanIds` (never to its author's own feed). */
export async function addTopicToFeeds(
  topic: Pick<TopicDoc, '_id' | 'userId' | 'createTime'>,
  fanIds: number[],
) {
  const pipeline = rmRedis().pipeline();
  for (const fanId of fanIds) {
    if (fanId !== topic.userId) pipeline.zadd(feedList(fanId), topic.createTime, String(topic._id));
  }
  await execAll(pipeline);
}

/** Removes one topic from the feeds of `fanIds`. */
export async function removeTopicFromFeeds(topicId: number, fanIds: number[]): Promise<void> {
  const pipeline = rmRedis().pipeline();
  for (const fanId of fanIds) pipeline.zrem(feedList(fanId), String(topicId));
  await execAll(pipeline);
}

/** The ids of a user's fans ranked `start`..`stop` (inclusive, oldest follow first, so new fans
 * joining during a batched fan-out do not shift the ranks of the others). */
export async function fansSlice(userId: number, start: number, stop: number): Promise<number[]> {
  return (await rmRedis().zrange(userLists.fans(userId), String(start), String(stop))).map(Number);
}

export function fansTotal(userId: number): Promise<number> {
  return rmRedis().zcard(userLists.fans(userId));
}

/** Copies every shown topic of `otherId` into the feed of `userId` (a follow). */
export async function copyAuthorTopics(userId: number, otherId: number): Promise<void> {
  if (userId === otherId) return;
  const ids = (await rmRedis().zrange(topicLists.user(otherId), '0', '-1')).map(Number);
  for (let start = 0; start < ids.length; start += CHUNK) {
    const topics = await readTopics(ids.slice(start, start + CHUNK));
    const pipeline = rmRedis().pipeline();
    for (const topic of topics) {
      if (topic.status === TopicStatus.Ok)
        pipeline.zadd(feedList(userId), topic.createTime, String(topic._id));
    }
    await execAll(pipeline);
  }
}

/**
 * Removes the topics of `otherId` from the feed of `userId` (an unfollow). Their deleted topics left
 * every feed when they were deleted, so the author's list of shown topics names all that remain.
 */
export async function removeAuthorTopics(userId: number, otherId: number): Promise<void> {
  const ids = await rmRedis().zrange(topicLists.user(otherId), '0', '-1');
  for (let start = 0; start < ids.length; start += CHUNK) {
    await rmRedis().zrem(feedList(userId), ...ids.slice(start, start + CHUNK));
  }
}

// It reads every author's list of shown topics and the follows, so it runs after both sources.
defineRebuildSource<Pick<UserFollowRow, 'userId' | 'otherId'>>({
  name: 'feed',
  after: ['topics', 'follows'],
  model: UserFollow,
  projection: { outbox: 0 },
  project: (row) => copyAuthorTopics(row.userId, row.otherId),
});
