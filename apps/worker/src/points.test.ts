/**
 * Points (docs/legacy-api.md §4.1, §4.2) on the real `points` queue, with a worker that runs that queue alone:
 * a topic and a comment on a topic earn points once, a reply earns nothing, check-ins count
 * consecutive days in the site's time zone and refuse a second one the same day.
 */
import { describe, expect, it } from 'vitest';
import { TopicType } from '@forum/contracts';
import {
  AppError,
  Comment,
  changePoints,
  checkIn,
  checkInRank,
  checkInState,
  createTopic,
  dayNameOf,
  listComments,
  readComment,
  readTopic,
  saveSiteConfig,
  systemContext,
  siteDayNameOf,
  initKv,
  kv,
  kvKey,
  listScoreLogs,
  listUserTopics,
  muteUser,
  Topic,
  readUser,
  recountScores,
  scoreRank,
  type UserDoc,
} from '@forum/core';
import {
  buildComment,
  buildOwner,
  buildUser,
  contextFor,
  postTopic,
  rebuildLocked,
  useTestServices,
} from '@forum/core/testing';
import { useWorkerForum, waitFor, workerConfigFor } from '../test/helpers';
import { startWorker } from './worker';

const services = useTestServices();
const DAY_MS = 86_400_000;

const forum = useWorkerForum(services, ['points']);

const scoreOf = async (user: UserDoc) => (await readUser(user._id))?.score ?? 0;
const logsOf = async (user: UserDoc) =>
  (await listScoreLogs(user)).results.map(({ sourceType, description, score, type }) => ({
    sourceType,
    description,
    score,
    type,
  }));

describe('points', () => {
  it('a published topic earns postTopicScore with a log line, and a comment on it postCommentScore', async () => {
    const author = await buildUser();
    const reader = await buildUser();
    const topic = await postTopic(author, '积分话题');
    await waitFor('the topic’s points', async () => (await scoreOf(author)) === 1);
    expect(await logsOf(author)).toEqual([
      { sourceType: 'topic', description: '发表话题', score: 1, type: 0 },
    ]);

    const comment = await buildComment({ author: reader, entityId: topic._id, content: '跟帖' });
    await waitFor('the comment’s points', async () => (await scoreOf(reader)) === 1);
    expect(await logsOf(reader)).toEqual([
      { sourceType: 'comment', description: '发表跟帖', score: 1, type: 0 },
    ]);

    // A reply earns nothing; the topic's author still has one log line once the reply's job ran.
    await buildComment({ author, entityType: 'comment', entityId: comment._id, content: '回复' });
    await createTopic(contextFor(reader), { type: TopicType.Tweet, nodeId: 0, content: '之后的动态' });
    await waitFor('the later tweet’s points', async () => (await scoreOf(reader)) === 2);
    expect(await scoreOf(author)).toBe(1);
    expect((await scoreRank()).map((user) => user._id)).toEqual(
      expect.arrayContaining([author._id, reader._id]),
    );
  });

  it('the same source counted twice (a retried job, a rebuild) is one log line and one score', async () => {
    const user = await buildUser();
    const change = {
      userId: user._id,
      sourceType: 'topic' as const,
      sourceId: 987654,
      score: 3,
      description: '发表话题',
    };
    const first = await changePoints(change);
    const second = await changePoints(change);
    expect(second!._id).toBe(first!._id);
    expect(await scoreOf(user)).toBe(3);
    await rebuildLocked();
    expect(await scoreOf(user)).toBe(3);
    expect((await listScoreLogs(user)).results).toHaveLength(1);
  });

  it('check-in: once a day ("你已签到"), consecutive days, points and today’s rank', async () => {
    const user = await buildUser();
    const now = Date.now();
    await checkIn(contextFor(user), now - DAY_MS);
    const today = await checkIn(contextFor(user), now);
    expect(today).toMatchObject({ latestDayName: await siteDayNameOf(now), consecutiveDays: 2 });
    await expect(checkIn(contextFor(user), now)).rejects.toThrow(new AppError('CONFLICT', '你已签到'));
    expect(await checkInState(user, now)).toMatchObject({ checkIn: true, consecutiveDays: 2 });
    await waitFor('two check-ins’ points', async () => (await scoreOf(user)) === 2);
    expect((await logsOf(user)).map((log) => log.description)).toEqual([
      `签到${await siteDayNameOf(now)}`,
      `签到${await siteDayNameOf(now - DAY_MS)}`,
    ]);
    expect((await checkInRank(now)).map((entry) => entry.user._id)).toContain(user._id);
  });

  it('two check-ins at the same moment make one', async () => {
    const user = await buildUser();
    const results = await Promise.allSettled([
      checkIn(contextFor(user)),
      checkIn(contextFor(user)),
      checkIn(contextFor(user)),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    await waitFor('the check-in’s points', async () => (await scoreOf(user)) === 1);
    expect(await logsOf(user)).toHaveLength(1);
  });

  it('a day claimed by a process that died before writing its check-in is taken over once stale', async () => {
    const user = await buildUser();
    const now = Date.now();
    const claim = kvKey('checkin', user._id, await siteDayNameOf(now));
    // A fresh claim is another tab's check-in in progress.
    await kv().set(claim, String(Date.now()), 'EX', 60);
    await expect(checkIn(contextFor(user), now)).rejects.toThrow(new AppError('CONFLICT', '你已签到'));
    // One left a minute ago with no row of the day: its writer is gone.
    await kv().set(claim, String(Date.now() - 60_000), 'EX', 60);
    expect(await checkIn(contextFor(user), now)).toMatchObject({ consecutiveDays: 1 });
    await expect(checkIn(contextFor(user), now)).rejects.toThrow(new AppError('CONFLICT', '你已签到'));
  });

  it('a gap of a day starts the count again', async () => {
    const user = await buildUser();
    const now = Date.now();
    await checkIn(contextFor(user), now - 2 * DAY_MS);
    expect(await checkIn(contextFor(user), now)).toMatchObject({ consecutiveDays: 1 });
  });

  it('the day boundary follows siteTimeZone of the site config, changed at runtime', async () => {
    const user = await buildUser();
    // 12:00 UTC is 01:00 of 10 March in Pago Pago (UTC−11) and 02:00 of 11 March in Kiritimati (UTC+14).
    const noonUtc = Date.UTC(2026, 2, 10, 12);
    expect(dayNameOf(noonUtc, 'Pacific/Pago_Pago')).toBe(20260310);
    expect(dayNameOf(noonUtc, 'Pacific/Kiritimati')).toBe(20260311);
    try {
      await saveSiteConfig(systemContext(), { siteTimeZone: 'Pacific/Pago_Pago' });
      expect(await checkIn(contextFor(user), noonUtc)).toMatchObject({
        latestDayName: 20260310,
        consecutiveDays: 1,
      });
      await expect(checkIn(contextFor(user), noonUtc + 3_600_000)).rejects.toThrow(
        new AppError('CONFLICT', '你已签到'),
      );

      await saveSiteConfig(systemContext(), { siteTimeZone: 'Pacific/Kiritimati' });
      // An hour later it is already the next day on the site's new clock: a new, consecutive check-in.
      expect(await checkIn(contextFor(user), noonUtc + 3_600_000)).toMatchObject({
        latestDayName: 20260311,
        consecutiveDays: 2,
      });
      expect(await checkInState(user, noonUtc + 3_600_000)).toMatchObject({ checkIn: true });
    } finally {
      await saveSiteConfig(systemContext(), { siteTimeZone: 'Asia/Shanghai' });
    }
  });

  it('a permanent mute takes every point and, through the maintenance queue, the user’s topics and comments', async () => {
    const owner = await buildOwner();
    const author = await buildUser();
    const other = await buildUser();
    const topics = [];
    for (const title of ['禁言前的话题一', '禁言前的话题二']) {
      topics.push(await postTopic(author, title));
    }
    // Comments on someone else's topic: one on the topic, one reply to another user's comment.
    const othersTopic = await postTopic(other, '别人的话题');
    const othersComment = await buildComment({
      author: other,
      entityId: othersTopic._id,
      content: '别人的评论',
    });
    const authorsComment = await buildComment({ author, entityId: othersTopic._id, content: '禁言前的评论' });
    const authorsReply = await buildComment({
      author,
      entityType: 'comment',
      entityId: othersComment._id,
      content: '禁言前的回复',
    });
    expect((await readTopic(othersTopic._id))?.commentCount).toBe(2);
    expect((await readComment(othersComment._id))?.commentCount).toBe(1);
    expect((await readUser(author._id))?.commentCount).toBe(2);
    await waitFor('the topics’ and the comment’s points', async () => (await scoreOf(author)) === 3);

    await muteUser(contextFor(owner), { userId: author._id, days: -1, reason: '' });
    await waitFor('the points taken', async () => (await scoreOf(author)) === 0);
    expect((await logsOf(author))[0]).toEqual({
      sourceType: 'user',
      description: '永久禁言',
      score: -3,
      type: 1,
    });

    const maintenance = await startWorker(workerConfigFor(services, { queues: ['maintenance'] }));
    try {
      await waitFor('the topics deleted', async () => (await listUserTopics(author._id)).topics.length === 0);
      for (const topic of topics) expect((await Topic.findById(topic._id).lean())?.status).toBe(1);
      await waitFor('the comments deleted', async () => (await readUser(author._id))?.commentCount === 0);
      for (const comment of [authorsComment, authorsReply]) {
        expect((await Comment.findById(comment._id).lean())?.status).toBe(1);
      }
      // Gone from every list, and the counts (list sizes) follow; the other user's comment stays.
      const thread = await listComments({ entityType: 'topic', entityId: othersTopic._id });
      expect(thread.threads.map((entry) => entry.comment._id)).toEqual([othersComment._id]);
      expect(thread.threads[0]!.replies?.comments ?? []).toEqual([]);
      expect((await readTopic(othersTopic._id))?.commentCount).toBe(1);
      expect((await readComment(othersComment._id))?.commentCount).toBe(0);
    } finally {
      await maintenance.close();
      // A worker started in this process sets the process's Redis client; take this file's back.
      initKv(forum.redis, services.prefix);
    }
  }, 60_000);

  it('the recount sets a drifted total back to the sum of the score log', async () => {
    const user = await buildUser();
    await changePoints({
      userId: user._id,
      sourceType: 'topic',
      sourceId: 555001,
      score: 4,
      description: '发表话题',
    });
    await forum.redis.zadd(`${services.prefix}rm:{rm}:scores`, 99, String(user._id));
    expect(await scoreOf(user)).toBe(99);
    expect(await recountScores()).toBeGreaterThanOrEqual(1);
    expect(await scoreOf(user)).toBe(4);
  });
});
