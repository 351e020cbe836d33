/**
 * One owner of ids: every writer takes ids from the Redis sequence, a sequence behind
 * its collection is raised (never lowered), an insert colliding on `_id` retries with a fresh id,
 * and "already done" is decided by the row's business key, never by a duplicate-key error.
 */
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { Texts } from '@forum/contracts';
import { insertWithEvents } from '../events/insert-with-events';
import { kv, kvKey } from '../kv';
import { buildTopic, buildUser, contextFor, defaultNode, postTopic, useTestServices } from '../testing';
import { Topic } from '../topics/model';
import { likeEntity } from '../likes/like-entity';
import { UserLike } from '../likes/model';
import { addFavorite } from '../favorites/favorite';
import { Favorite } from '../favorites/model';
import { followUser } from '../follows/follow';
import { UserFollow } from '../follows/model';
import { User } from '../users/model';
import { ensureOwner } from '../users/owner';
import { changePoints } from '../points/change-points';
import { UserScoreLog } from '../points/model';
import { sendMessage } from '../messages/send-message';
import { Message } from '../messages/model';
import { unprojectLike } from '../read-model/likes';
import { nextId, raiseIdSequences, reserveIds } from './counters';

useTestServices({ eventBus: true });

const sequenceValue = async (sequence: string) => Number(await kv().get(kvKey('ids', sequence)));
/** Puts the Redis sequence back to `value`, as a site that never saw another process's rows. */
const setSequence = (sequence: string, value: number) => kv().set(kvKey('ids', sequence), String(value));
const largestId = async (collection: string) =>
  (await mongoose.connection.db!.collection(collection).find().sort({ _id: -1 }).limit(1).next())?._id;

/** Rows another process wrote past the sequence, as `npm run demo` did with its own counter. */
async function writeRowsAhead(collection: string, ids: number[], row: (id: number) => object) {
  await mongoose.connection
    .db!.collection(collection)
    .insertMany(ids.map((id) => ({ _id: id, ...row(id) })) as never);
}

describe('the id sequences', () => {
  it('are raised to the largest _id of their collection, and never lowered', async () => {
    await nextId('topic');
    await writeRowsAhead('topics', [500, 501], (id) => ({ title: `外来的 ${id}` }));
    await setSequence('article', 9000);
    await raiseIdSequences();
    expect(await sequenceValue('topic')).toBe(501);
    expect(await sequenceValue('article')).toBe(9000);
    expect(await nextId('topic')).toBe(502);
  });

  it('hand out blocks that never overlap single ids, across concurrent callers', async () => {
    const [block, ...singles] = await Promise.all([
      reserveIds('project', 40),
      ...Array.from({ length: 20 }, () => nextId('project')),
    ]);
    const blockIds = Array.from({ length: 40 }, (_, index) => block! + index);
    expect(new Set([...blockIds, ...singles]).size).toBe(60);
  });
});

describe('an insert whose _id another row holds', () => {
  it('raises the sequence past the collection and stores the topic under a fresh id', async () => {
    const author = await buildUser();
    const before = await sequenceValue('topic');
    await writeRowsAhead('topics', [before + 1, before + 2, before + 3], (id) => ({
      title: `别处写入 ${id}`,
    }));
    await defaultNode();
    const topic = await postTopic(author, '新话题');
    expect(topic._id).toBeGreaterThan(before + 3);
    expect(await Topic.findById(topic._id).lean()).toMatchObject({ title: '新话题', userId: author._id });
    expect(await largestId('topics')).toBe(topic._id);
  });

  it('stores a like, a favourite and a follow, each answered with success, under fresh ids', async () => {
    const [reader, other] = [await buildUser(), await buildUser()];
    const topic = await buildTopic();
    for (const [collection, sequence] of [
      ['user_likes', 'user_like'],
      ['favorites', 'favorite'],
      ['user_follows', 'user_follow'],
    ] as const) {
      const next = (await sequenceValue(sequence)) + 1;
      await writeRowsAhead(collection, [next, next + 1], (id) => ({
        userId: 900_000 + id,
        otherId: 900_000 + id,
        entityType: 'topic',
        entityId: 900_000 + id,
        createTime: 0,
      }));
    }
    await likeEntity(contextFor(reader), 'topic', topic._id);
    expect(await addFavorite(contextFor(reader), 'topic', topic._id)).toBe(true);
    expect(await followUser(contextFor(reader), other._id)).toBe(true);
    expect(
      await UserLike.exists({ userId: reader._id, entityType: 'topic', entityId: topic._id }),
    ).toBeTruthy();
    expect(
      await Favorite.exists({ userId: reader._id, entityType: 'topic', entityId: topic._id }),
    ).toBeTruthy();
    expect(await UserFollow.exists({ userId: reader._id, otherId: other._id })).toBeTruthy();
  });

  it('gives a score-log row and a message fresh ids rather than taking another row for theirs', async () => {
    const [user, sender] = [await buildUser(), await buildUser()];
    const nextLog = (await sequenceValue('user_score_log')) + 1;
    await writeRowsAhead('user_score_logs', [nextLog], (id) => ({
      key: `elsewhere:${id}`,
      userId: 1,
      score: 1,
    }));
    const log = await changePoints({
      userId: user._id,
      sourceType: 'topic',
      sourceId: 77,
      score: 5,
      description: '发表话题',
    });
    expect(log?._id).toBeGreaterThan(nextLog);
    expect(await UserScoreLog.findById(nextLog).lean()).toMatchObject({ key: `elsewhere:${nextLog}` });

    const nextMessage = (await sequenceValue('message')) + 1;
    await writeRowsAhead('messages', [nextMessage], (id) => ({ key: `elsewhere:${id}`, userId: 1 }));
    const message = await sendMessage('event-1', {
      fromId: sender._id,
      userId: user._id,
      title: '回复了你',
      content: '内容',
      quoteContent: '',
      type: 0,
      extraData: {},
    } as never);
    expect(message?._id).toBeGreaterThan(nextMessage);
    expect(await Message.findById(message!._id).lean()).toMatchObject({ key: `event-1:${user._id}` });
  });
});

describe('already done is decided by the business key', () => {
  it('answers 已点赞 when the like row exists though the read model lost it, and stores no second row', async () => {
    const reader = await buildUser();
    const topic = await buildTopic();
    await likeEntity(contextFor(reader), 'topic', topic._id);
    const row = (await UserLike.findOne({ userId: reader._id }).lean())!;
    await unprojectLike({ _id: row._id, userId: reader._id });
    await expect(likeEntity(contextFor(reader), 'topic', topic._id)).rejects.toMatchObject({
      message: Texts.likes.already,
    });
    expect(await UserLike.countDocuments({ userId: reader._id })).toBe(1);
  });

  it('lets a duplicate of another unique key through as an error, never as success', async () => {
    const taken = await buildUser({ email: 'taken@example.com', emailLower: 'taken@example.com' } as never);
    const id = await nextId('user');
    const insert = insertWithEvents(
      User,
      {
        _id: id,
        username: `u${id}`,
        usernameLower: `u${id}`,
        emailLower: taken.emailLower,
        nickname: '重复',
        createTime: 0,
        updateTime: 0,
      },
      [],
      { existing: { filter: { _id: -1 }, answer: () => false } },
    );
    await expect(insert).rejects.toMatchObject({ code: 11000 });
    expect(await User.exists({ _id: id })).toBeNull();
  });
});

describe('the owner bootstrap', () => {
  it('creates one owner when two processes start on a fresh database at once', async () => {
    await User.deleteMany({ roles: 'owner' });
    const [first, second] = await Promise.all([
      ensureOwner('root', 'password-1'),
      ensureOwner('root', 'password-2'),
    ]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(first.userId).toBe(second.userId);
    expect(await User.countDocuments({ roles: 'owner' })).toBe(1);
  });
});
