/**
 * The design's proof for what people do around topics: after any sequence of comments, replies,
 * likes, favourites and follows (and their undoing) through the services, every list and count in
 * the read model equals the same list computed from MongoDB by plain queries, and so does a
 * rebuilt read model. The queries below are the reference; they belong to this test only.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { createComment } from '../comments/create-comment';
import { Comment, type CommentDoc } from '../comments/model';
import { addFavorite, removeFavorite } from '../favorites/favorite';
import { Favorite, type FavoriteDoc } from '../favorites/model';
import { followUser, unfollowUser } from '../follows/follow';
import { UserFollow, type UserFollowRow } from '../follows/model';
import { likeEntity, unlikeEntity } from '../likes/like-entity';
import { UserLike, type UserLikeDoc } from '../likes/model';
import { ensureDefaultNode } from '../nodes/ensure-default-node';
import { TopicNode } from '../nodes/model';
import { buildUser, contextFor, describeOnEachRedis, listPairsOf } from '../testing';
import { useReadModelProperty } from '../testing/read-model-property';
import { createTopic } from '../topics/create-topic';
import type { TopicDoc } from '../topics/model';
import { type UserDoc } from '../users/model';
import { commentLists, readCommentMap } from './comments';
import { favoriteLists } from './favorites';
import { likerList } from './likes';
import { readTopics } from './topics';
import { readUsers, userLists } from './users';

describeOnEachRedis('the read model of comments, likes, favourites and follows', (target) => {
  const { readList, play } = useReadModelProperty(target.url);

  let users: UserDoc[] = [];
  const topics: TopicDoc[] = [];

  beforeAll(async () => {
    await ensureDefaultNode();
    const nodeId = (await TopicNode.findOne({}).lean<{ _id: number }>())!._id;
    users = [await buildUser(), await buildUser(), await buildUser(), await buildUser()];
    for (const [index, author] of users.slice(0, 3).entries()) {
      topics.push(
        await createTopic(contextFor(author), {
          type: 0,
          nodeId,
          title: `话题${index}`,
          content: '正文',
        } as never),
      );
    }
  });

  type Target = { on: 'topic' | 'comment'; ref: number };
  type Op =
    | { kind: 'comment'; user: number; topic: number }
    | { kind: 'reply'; user: number; comment: number }
    | { kind: 'like' | 'unlike'; user: number; target: Target }
    | { kind: 'favorite' | 'unfavorite'; user: number; topic: number }
    | { kind: 'follow' | 'unfollow'; user: number; other: number };

  const userRef = fc.nat({ max: 3 });
  const topicRef = fc.nat({ max: 2 });
  const targetArb: fc.Arbitrary<Target> = fc.record({
    on: fc.constantFrom('topic' as const, 'comment' as const),
    ref: fc.nat({ max: 20 }),
  });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('comment' as const), user: userRef, topic: topicRef }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('reply' as const),
        user: userRef,
        comment: fc.nat({ max: 20 }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constantFrom('like' as const, 'unlike' as const),
        user: userRef,
        target: targetArb,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constantFrom('favorite' as const, 'unfavorite' as const),
        user: userRef,
        topic: topicRef,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constantFrom('follow' as const, 'unfollow' as const),
        user: userRef,
        other: userRef,
      }),
    },
  );

  /** Applies one write through the services; refusals (liking one's own…, rate limits) are part of the game. */
  /** Writes that went through, by kind: the test checks that every kind was exercised. */
  const applied = new Map<Op['kind'], number>();

  async function apply(op: Op, comments: CommentDoc[]): Promise<void> {
    const before = await rowCount();
    const user = users[op.user]!;
    const comment = (index: number) => comments[index % Math.max(comments.length, 1)];
    try {
      switch (op.kind) {
        case 'comment':
          comments.push(
            await createComment(contextFor(user), {
              entityType: 'topic',
              entityId: topics[op.topic]!._id,
              content: '一条评论',
            }),
          );
          return;
        case 'reply': {
          const parent = comment(op.comment);
          if (parent)
            comments.push(
              await createComment(contextFor(user), {
                entityType: 'comment',
                entityId: parent._id,
                content: '一条回复',
              }),
            );
          return;
        }
        case 'like':
        case 'unlike': {
          const id =
            op.target.on === 'topic'
              ? topics[op.target.ref % topics.length]!._id
              : comment(op.target.ref)?._id;
          if (!id) return;
          if (op.kind === 'like') await likeEntity(contextFor(user), op.target.on, id);
          else await unlikeEntity(contextFor(user), op.target.on, id);
          return;
        }
        case 'favorite':
          await addFavorite(contextFor(user), 'topic', topics[op.topic]!._id);
          return;
        case 'unfavorite':
          await removeFavorite(contextFor(user), 'topic', topics[op.topic]!._id);
          return;
        case 'follow':
          await followUser(contextFor(user), users[op.other]!._id);
          return;
        case 'unfollow':
          await unfollowUser(contextFor(user), users[op.other]!._id);
          return;
      }
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'AppError') throw error;
    } finally {
      if ((await rowCount()) !== before) applied.set(op.kind, (applied.get(op.kind) ?? 0) + 1);
    }
  }

  /** The collections the operations write or delete rows in. */
  const socialModels = [Comment, UserLike, Favorite, UserFollow] as (typeof Comment)[];

  /** All rows the operations write or delete: a change means the operation went through. */
  async function rowCount(): Promise<string> {
    const counts = await Promise.all(socialModels.map((model) => model.countDocuments({})));
    return counts.join(',');
  }

  const expected = listPairsOf;

  async function compareWithDatabase(): Promise<void> {
    const shown = await Comment.find({ status: 0 }).lean<CommentDoc[]>();
    const likes = await UserLike.find({}).lean<UserLikeDoc[]>();
    const favorites = await Favorite.find({}).lean<FavoriteDoc[]>();
    const follows = await UserFollow.find({}).lean<UserFollowRow[]>();
    const byId = (row: { _id: number }) => row._id;

    const countedTopics = new Map(
      (await readTopics(topics.map((topic) => topic._id))).map((t) => [t._id, t]),
    );
    for (const topic of topics) {
      const comments = shown.filter((c) => c.entityType === 'topic' && c.entityId === topic._id);
      const likers = likes.filter((l) => l.entityType === 'topic' && l.entityId === topic._id);
      expect(await readList(commentLists.of('topic', topic._id))).toEqual(expected(comments, byId, byId));
      expect(await readList(likerList('topic', topic._id))).toEqual(expected(likers, (l) => l.userId, byId));
      expect(countedTopics.get(topic._id)).toMatchObject({
        commentCount: comments.length,
        likeCount: likers.length,
      });
    }

    const topLevel = shown.filter((c) => c.entityType === 'topic');
    const countedComments = await readCommentMap(topLevel.map((c) => c._id));
    for (const parent of topLevel) {
      const replies = shown.filter((c) => c.entityType === 'comment' && c.entityId === parent._id);
      const likers = likes.filter((l) => l.entityType === 'comment' && l.entityId === parent._id);
      expect(await readList(commentLists.of('comment', parent._id))).toEqual(expected(replies, byId, byId));
      expect(await readList(likerList('comment', parent._id))).toEqual(
        expected(likers, (l) => l.userId, byId),
      );
      expect(countedComments.get(parent._id)).toMatchObject({
        commentCount: replies.length,
        likeCount: likers.length,
      });
    }

    const countedUsers = await readUsers(users.map((user) => user._id));
    for (const user of users) {
      const own = shown.filter((c) => c.userId === user._id);
      const followsOf = follows.filter((f) => f.userId === user._id);
      const fansOf = follows.filter((f) => f.otherId === user._id);
      expect(await readList(userLists.comments(user._id))).toEqual(expected(own, byId, byId));
      expect(await readList(favoriteLists.user(user._id))).toEqual(
        expected(
          favorites.filter((f) => f.userId === user._id),
          byId,
          byId,
        ),
      );
      expect(await readList(userLists.follows(user._id))).toEqual(
        expected(followsOf, (f) => f.otherId, byId),
      );
      expect(await readList(userLists.fans(user._id))).toEqual(expected(fansOf, (f) => f.userId, byId));
      expect(countedUsers.get(user._id)).toMatchObject({
        commentCount: own.length,
        followCount: followsOf.length,
        fansCount: fansOf.length,
      });
    }
  }

  const everyKindOnce: Op[] = [
    { kind: 'comment', user: 0, topic: 1 },
    { kind: 'reply', user: 1, comment: 0 },
    { kind: 'like', user: 2, target: { on: 'topic', ref: 1 } },
    { kind: 'like', user: 3, target: { on: 'comment', ref: 0 } },
    { kind: 'unlike', user: 2, target: { on: 'topic', ref: 1 } },
    { kind: 'favorite', user: 1, topic: 2 },
    { kind: 'unfavorite', user: 1, topic: 2 },
    { kind: 'follow', user: 0, other: 1 },
    { kind: 'follow', user: 1, other: 0 },
    { kind: 'unfollow', user: 0, other: 1 },
  ];

  it('equals the lists computed from MongoDB after any sequence of writes, and after a rebuild', async () => {
    const written = await play({
      sequences: fc.array(opArb, { minLength: 10, maxLength: 40 }),
      clear: () => Promise.all(socialModels.map((model) => model.deleteMany({}))),
      apply,
      compareWithDatabase,
      // One sequence that surely does and undoes each kind of write, beside the random ones.
      parameters: { numRuns: 20, examples: [[everyKindOnce]] },
    });
    expect(written).toBeGreaterThan(20);
    for (const kind of [
      'comment',
      'reply',
      'like',
      'unlike',
      'favorite',
      'unfavorite',
      'follow',
      'unfollow',
    ] as const) {
      expect(applied.get(kind), kind).toBeGreaterThan(0);
    }
  }, 300_000);
});
