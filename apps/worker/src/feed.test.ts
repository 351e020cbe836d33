/**
 * The follow feed (docs/legacy-api.md §4.6) on the real `feed` queue and worker: a new topic reaches its
 * author's fans (in batches for an author with many), a follow copies the followee's topics, an
 * unfollow and a deletion take them out again, and a rebuild of the read model restores the feed.
 */
import { describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import {
  FEED_FANOUT_BATCH,
  FollowRemoval,
  UserFollow,
  deleteTopic,
  feedList,
  followUser,
  getQueue,
  listFeedTopics,
  nextId,
  projectFollow,
  unfollowUser,
} from '@forum/core';
import { buildUser, contextFor, postTopic, rebuildLocked, useTestServices } from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';

const services = useTestServices();

const forum = useWorkerForum(services, ['feed', 'maintenance']);

async function feedIds(userId: number): Promise<number[]> {
  return (await listFeedTopics(userId)).topics.map((topic) => topic._id);
}

/** Members of the stored feed list, whatever the read-time checks would hide. */
async function storedFeed(userId: number): Promise<number[]> {
  return (await forum.redis.zrevrange(feedList(userId), 0, -1)).map(Number);
}

describe('the follow feed', () => {
  it("a new topic reaches every fan's feed, not its author's", async () => {
    const author = await buildUser();
    const fans = [await buildUser(), await buildUser()];
    for (const fan of fans) await followUser(contextFor(fan), author._id);

    const topic = await postTopic(author, '关于端到端语音识别');

    for (const fan of fans) {
      await waitFor(`the topic in the feed of ${fan._id}`, async () =>
        (await storedFeed(fan._id)).includes(topic._id),
      );
      expect(await feedIds(fan._id)).toEqual([topic._id]);
    }
    expect(await storedFeed(author._id)).toEqual([]);
  });

  it('following copies the followee’s shown topics into the feed, newest first', async () => {
    const author = await buildUser();
    const first = await postTopic(author, '第一篇：声学模型');
    const second = await postTopic(author, '第二篇：语言模型');
    const gone = await postTopic(author, '第三篇：已删除');
    await deleteTopic(contextFor(author), gone._id);
    const reader = await buildUser();

    await followUser(contextFor(reader), author._id);

    await waitFor('the copied topics', async () => (await storedFeed(reader._id)).length === 2);
    expect(await feedIds(reader._id)).toEqual([second._id, first._id]);
  });

  it('unfollowing removes the followee’s topics from the feed', async () => {
    const author = await buildUser();
    const other = await buildUser();
    const reader = await buildUser();
    await followUser(contextFor(reader), author._id);
    await followUser(contextFor(reader), other._id);
    const leaving = await postTopic(author, '将被取消关注的话题');
    const staying = await postTopic(other, '仍然关注的话题');
    await waitFor('both topics in the feed', async () => (await storedFeed(reader._id)).length === 2);

    await unfollowUser(contextFor(reader), author._id);
    // The record that carried the event is gone once the event was enqueued.
    expect(await FollowRemoval.countDocuments({ userId: reader._id })).toBe(0);

    await waitFor(
      'the unfollowed topic to leave',
      async () => !(await storedFeed(reader._id)).includes(leaving._id),
    );
    expect(await feedIds(reader._id)).toEqual([staying._id]);
  });

  it('a deleted topic leaves every feed', async () => {
    const author = await buildUser();
    const reader = await buildUser();
    await followUser(contextFor(reader), author._id);
    const topic = await postTopic(author, '稍后删除的话题');
    await waitFor('the topic in the feed', async () => (await storedFeed(reader._id)).includes(topic._id));

    await deleteTopic(contextFor(author), topic._id);

    // Hidden at once by the read-time check, then gone from the stored list by the job.
    expect(await feedIds(reader._id)).toEqual([]);
    await waitFor('the deleted topic to leave', async () => (await storedFeed(reader._id)).length === 0);
  });

  it('an author with thousands of fans fans out one job per batch, reaching every fan', async () => {
    const author = await buildUser();
    const fanCount = FEED_FANOUT_BATCH * 2 + 500;
    const firstRow = await nextId('user_follow');
    const rows = Array.from({ length: fanCount }, (_, index) => ({
      _id: firstRow * 10_000 + index,
      userId: 5_000_000 + author._id * 10_000 + index,
      otherId: author._id,
      status: 1,
      createTime: Date.now(),
    }));
    await UserFollow.insertMany(rows);
    for (let start = 0; start < rows.length; start += 500) {
      await Promise.all(rows.slice(start, start + 500).map((row) => projectFollow(row)));
    }

    const topic = await postTopic(author, '写给几千位关注者');

    const batches = [0, FEED_FANOUT_BATCH, FEED_FANOUT_BATCH * 2].map(
      (start) => `fanout-${topic._id}-${start}`,
    );
    for (const jobId of batches) {
      await waitFor(
        `${jobId} to complete`,
        async () => (await getQueue(QueueName.Feed).getJobState(jobId)) === 'completed',
      );
    }
    const pipeline = forum.redis.pipeline();
    for (const row of rows) pipeline.zscore(feedList(row.userId), String(topic._id));
    const scores = (await pipeline.exec())!.map(([, score]) => Number(score));
    expect(scores.filter((score) => score === topic.createTime)).toHaveLength(fanCount);
  });

  it('an emptied read model gets every feed back from the follows and topics', async () => {
    const author = await buildUser();
    const reader = await buildUser();
    const topic = await postTopic(author, '重建之后仍在');
    await followUser(contextFor(reader), author._id);
    await waitFor('the copied topic', async () => (await storedFeed(reader._id)).includes(topic._id));

    // Under the lock, as every process rebuilds: the worker's watcher sees the model missing meanwhile.
    await rebuildLocked();

    expect(await storedFeed(reader._id)).toEqual([topic._id]);
    expect(await feedIds(reader._id)).toEqual([topic._id]);
  });
});
