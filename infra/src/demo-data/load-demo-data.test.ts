import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Article,
  Comment,
  Favorite,
  UserFollow,
  UserLike,
  Link,
  TopicNode,
  Project,
  Tag,
  Topic,
  TopicCommenter,
  TopicWatch,
  type TopicDoc,
  User,
  type UserDoc,
  UserScoreLog,
  rebuildReadModel,
  scoreRank,
  verifyPassword,
} from '@forum/core';
import { useTestServices } from '@forum/core/testing';
import { DAY } from './plan';
import { DEMO_PASSWORD, loadDemoData, type DemoLoadResult } from './load-demo-data';

useTestServices();

const NOW = Date.UTC(2025, 4, 1, 8);

/** Rows per collection: what a second run must leave unchanged. */
async function collectionCounts(): Promise<Record<string, number>> {
  const names = (await mongoose.connection.db!.listCollections().toArray()).map((c) => c.name).sort();
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = await mongoose.connection.db!.collection(name).countDocuments();
  return counts;
}

let first: DemoLoadResult;
let second: DemoLoadResult;
let before: Record<string, number>;
let after: Record<string, number>;
beforeAll(async () => {
  first = await loadDemoData({ now: NOW });
  before = await collectionCounts();
  second = await loadDemoData({ now: NOW + DAY });
  after = await collectionCounts();
}, 60_000);

describe('loadDemoData', () => {
  it('loads once: a second run writes nothing and reports the first run', () => {
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.counts).toEqual(first.counts);
    expect(after).toEqual(before);
  });

  it('fills every part of the forum with at least the promised amount', async () => {
    expect(await User.countDocuments()).toBeGreaterThanOrEqual(20);
    expect(await TopicNode.countDocuments({ status: 0 })).toBeGreaterThanOrEqual(8);
    expect(await Topic.countDocuments({ type: 0 })).toBeGreaterThanOrEqual(150);
    expect(await Topic.countDocuments({ type: 1 })).toBeGreaterThanOrEqual(50);
    expect(await Topic.countDocuments()).toBeGreaterThanOrEqual(200);
    expect(await Article.countDocuments({ status: 0, 'tagIds.0': { $exists: true } })).toBeGreaterThanOrEqual(
      30,
    );
    expect(await Comment.countDocuments()).toBeGreaterThanOrEqual(1000);
    expect(await Comment.countDocuments({ entityType: 'comment' })).toBeGreaterThan(100);
    expect(await Comment.countDocuments({ quoteId: { $gt: 0 } })).toBeGreaterThan(10);
    expect(await Comment.countDocuments({ entityType: 'article' })).toBeGreaterThan(50);
    expect(await UserLike.countDocuments()).toBeGreaterThan(500);
    expect(await Favorite.countDocuments()).toBeGreaterThan(100);
    expect(await UserFollow.countDocuments()).toBeGreaterThan(50);
    expect(await Link.countDocuments()).toBeGreaterThanOrEqual(4);
    expect(await Project.countDocuments()).toBeGreaterThanOrEqual(3);
    const tagNames = (await Tag.find({}, { name: 1 }).lean()).map((tag) => tag.name);
    expect(tagNames).toEqual(
      expect.arrayContaining([
        'Kaldi',
        'ESPnet',
        'Whisper',
        'Conformer',
        'TTS',
        'VITS',
        '端到端',
        '数据增强',
      ]),
    );
    expect(first.counts).toMatchObject({
      users: await User.countDocuments(),
      comments: await Comment.countDocuments(),
    });
  });

  it('writes Markdown with code, tables and links, and short tweets', async () => {
    const topics = await Topic.find({ type: 0 }, { content: 1 }).lean<TopicDoc[]>();
    const contents = topics.map((topic) => topic.content ?? '');
    expect(contents.some((c) => c.includes('```python'))).toBe(true);
    expect(contents.some((c) => c.includes('```bash'))).toBe(true);
    expect(contents.some((c) => c.includes('| --- |'))).toBe(true);
    expect(contents.some((c) => /\]\(https:\/\//.test(c))).toBe(true);
    const tweets = await Topic.find({ type: 1 }, { content: 1, title: 1 }).lean<TopicDoc[]>();
    expect(tweets.every((tweet) => tweet.title === '' && [...(tweet.content ?? '')].length <= 200)).toBe(
      true,
    );
  });

  it('spreads activity over the past months, with ids growing with time', async () => {
    const topics = await Topic.find({}, { createTime: 1 }).sort({ _id: 1 }).lean<TopicDoc[]>();
    const times = topics.map((topic) => topic.createTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(NOW - 150 * DAY);
    expect(times.at(-1)).toBeGreaterThan(NOW - 10 * DAY);
    expect(times.at(-1)).toBeLessThan(NOW);
  });

  it('gives plain accounts with Chinese nicknames that sign in with the demo password', async () => {
    const users = await User.find({}).lean<UserDoc[]>();
    expect(users.every((user) => (user.roles ?? []).length === 0)).toBe(true);
    expect(users.every((user) => /[\u4e00-\u9fff]/.test(user.nickname) && user.description)).toBe(true);
    expect(users.filter((user) => user.homePage).length).toBeGreaterThanOrEqual(3);
    expect(await verifyPassword(users[0]!.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
  });

  it('keeps every counter equal to a recount of the rows', async () => {
    // Every row read once and counted here: a full recount, without a query per counter.
    const [users, topics, articles, comments, likes, follows, commenters, watches] = await Promise.all([
      User.find({}).lean<UserDoc[]>(),
      Topic.find({}).lean<TopicDoc[]>(),
      Article.find({}).lean(),
      Comment.find({}).sort({ _id: 1 }).lean(),
      UserLike.find({}).lean(),
      UserFollow.find({}).lean(),
      TopicCommenter.find({}).lean(),
      TopicWatch.find({}).lean(),
    ]);
    const count = <T>(rows: T[], where: (row: T) => boolean) => rows.filter(where).length;
    const likesOf = (entityType: string, entityId: number) =>
      count(likes, (like) => like.entityType === entityType && like.entityId === entityId);

    for (const user of users) {
      expect([user.topicCount, user.commentCount, user.fansCount, user.followCount]).toEqual([
        count(topics, (topic) => topic.userId === user._id),
        count(comments, (comment) => comment.userId === user._id),
        count(follows, (follow) => follow.otherId === user._id),
        count(follows, (follow) => follow.userId === user._id),
      ]);
    }
    for (const topic of topics) {
      const onTopic = comments.filter((c) => c.entityType === 'topic' && c.entityId === topic._id);
      const last = onTopic.at(-1);
      expect({
        commentCount: topic.commentCount,
        likeCount: topic.likeCount,
        lastCommentTime: topic.lastCommentTime,
        lastCommentUserId: topic.lastCommentUserId,
        commenters: commenters
          .filter((row) => row.topicId === topic._id)
          .map((row) => row.userId)
          .sort(),
      }).toEqual({
        commentCount: onTopic.length,
        likeCount: likesOf('topic', topic._id),
        lastCommentTime: last?.createTime ?? topic.createTime,
        lastCommentUserId: last?.userId ?? 0,
        commenters: [...new Set(onTopic.map((comment) => comment.userId))].sort(),
      });
      // Its author and its commenters watch it, as posting and commenting make them on the site.
      const watching = watches.filter((row) => row.topicId === topic._id && row.watching);
      expect(watching.find((row) => row.userId === topic.userId)?.reason).toBe('posted');
      expect(watching.map((row) => row.userId).sort()).toEqual(
        [...new Set([topic.userId, ...onTopic.map((comment) => comment.userId)])].sort(),
      );
    }
    for (const article of articles) {
      expect([article.commentCount, article.likeCount]).toEqual([
        count(comments, (c) => c.entityType === 'article' && c.entityId === article._id),
        likesOf('article', article._id),
      ]);
    }
    const byId = new Map(comments.map((comment) => [comment._id, comment]));
    for (const comment of comments) {
      const replies = comments.filter((c) => c.entityType === 'comment' && c.entityId === comment._id);
      expect([comment.commentCount, comment.likeCount]).toEqual([
        replies.length,
        likesOf('comment', comment._id),
      ]);
      if (comment.entityType !== 'comment') continue;
      // A reply answers a top-level comment written before it, and quotes only its own thread.
      const parent = byId.get(comment.entityId)!;
      expect(parent.entityType).not.toBe('comment');
      expect(comment.createTime).toBeGreaterThanOrEqual(parent.createTime);
      if (comment.quoteId) expect(byId.get(comment.quoteId)?.entityId).toBe(parent._id);
    }
  });

  it('gives people the points the services would have, so 积分排行 shows them', async () => {
    const [users, topics, comments, logs] = await Promise.all([
      User.find({}).lean<UserDoc[]>(),
      Topic.find({}, { userId: 1 }).lean<TopicDoc[]>(),
      Comment.find({ entityType: 'topic' }, { userId: 1 }).lean(),
      UserScoreLog.find({}).lean(),
    ]);
    // The default scoreConfig: a point per topic and per comment on a topic.
    expect(logs).toHaveLength(topics.length + comments.length);
    expect(new Set(logs.map((log) => log.key)).size).toBe(logs.length);
    for (const user of users) {
      const earned =
        topics.filter((topic) => topic.userId === user._id).length +
        comments.filter((comment) => comment.userId === user._id).length;
      expect(user.score).toBe(earned);
      expect(logs.filter((log) => log.userId === user._id).reduce((sum, log) => sum + log.score, 0)).toBe(
        earned,
      );
    }
    await rebuildReadModel();
    const rank = await scoreRank();
    expect(rank).toHaveLength(10);
    expect(rank.every((user) => (user.score ?? 0) > 0)).toBe(true);
    const scores = rank.map((user) => user.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBe(Math.max(...users.map((user) => user.score ?? 0)));
    // A whole rebuild, which renders every topic's Markdown too.
  }, 60_000);

  it('marks follows of both directions as mutual', async () => {
    const follows = await UserFollow.find({}).lean();
    const pairs = new Set(follows.map((row) => `${row.userId}:${row.otherId}`));
    for (const row of follows) {
      expect(row.status).toBe(pairs.has(`${row.otherId}:${row.userId}`) ? 2 : 1);
    }
  });
});
