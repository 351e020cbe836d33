/**
 * The design's proof: after any sequence of writes through the services, every list and count in
 * the read model equals the same list computed from MongoDB by plain queries. The queries below are
 * the reference; they belong to this test, never to a request path.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  buildAdmin,
  buildNode,
  buildUser,
  contextFor,
  defaultNode,
  describeOnEachRedis,
  listPairsOf,
} from '../testing';
import { useReadModelProperty } from '../testing/read-model-property';
import { createTopic } from '../topics/create-topic';
import { deleteTopic } from '../topics/delete-topic';
import { editTopic } from '../topics/edit-topic';
import { Topic, type TopicDoc } from '../topics/model';
import { setTopicRecommend, setTopicSticky } from '../topics/moderate-topic';
import { type UserDoc } from '../users/model';
import { readyKey } from './store';
import { topicLists } from './topics';
import { readUsers } from './users';

describeOnEachRedis('the read model', (target) => {
  const { redis, readList, play } = useReadModelProperty(target.url);
  const TAGS = ['ASR', 'TTS', '声学模型', '语言模型'];

  let users: UserDoc[] = [];
  let admin: UserDoc;
  let nodeIds: number[] = [];

  beforeAll(async () => {
    const { _id: defaultNodeId } = await defaultNode();
    nodeIds = [defaultNodeId, (await buildNode({ name: '语音识别', sortNo: 1 }))._id];
    users = [await buildUser(), await buildUser(), await buildUser()];
    admin = await buildAdmin();
  });

  type Op =
    | { kind: 'create'; user: number; node: number; tags: string[]; tweet: boolean }
    | { kind: 'edit'; topic: number; node: number; tags: string[] }
    | { kind: 'delete'; topic: number; byAdmin: boolean }
    | { kind: 'recommend'; topic: number; on: boolean }
    | { kind: 'sticky'; topic: number; on: boolean };

  const topicRef = fc.nat({ max: 30 });
  const tagSet = fc.subarray(TAGS, { maxLength: 3 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('create' as const),
        user: fc.nat({ max: 2 }),
        node: fc.nat({ max: 1 }),
        tags: tagSet,
        tweet: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('edit' as const),
        topic: topicRef,
        node: fc.nat({ max: 1 }),
        tags: tagSet,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('delete' as const), topic: topicRef, byAdmin: fc.boolean() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('recommend' as const), topic: topicRef, on: fc.boolean() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('sticky' as const), topic: topicRef, on: fc.boolean() }),
    },
  );

  /** Applies one write through the services; refusals (a tweet cannot be edited, …) are part of the game. */
  async function apply(op: Op, topics: TopicDoc[]): Promise<void> {
    const pick = (index: number) => topics[index % Math.max(topics.length, 1)];
    try {
      if (op.kind === 'create') {
        const content = op.tweet ? '一条动态' : '话题的正文';
        const input = op.tweet
          ? { type: 1, nodeId: nodeIds[op.node]!, content, tags: op.tags }
          : { type: 0, nodeId: nodeIds[op.node]!, title: '一个话题', content, tags: op.tags };
        topics.push(await createTopic(contextFor(users[op.user] ?? null), input as never));
        return;
      }
      const topic = pick(op.topic);
      if (!topic) return;
      if (op.kind === 'edit') {
        const author = users.find((user) => user._id === topic.userId)!;
        await editTopic(contextFor(author), {
          id: topic._id,
          nodeId: nodeIds[op.node]!,
          title: '改过的标题',
          content: '改过的正文',
          tags: op.tags,
        } as never);
      } else if (op.kind === 'delete') {
        await deleteTopic(
          contextFor((op.byAdmin ? admin : users.find((user) => user._id === topic.userId)) ?? null),
          topic._id,
        );
      } else if (op.kind === 'recommend') {
        await setTopicRecommend(contextFor(admin), topic._id, op.on);
      } else {
        await setTopicSticky(contextFor(admin), topic._id, op.on);
      }
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'AppError') throw error;
    }
  }

  const expected = (rows: TopicDoc[], score: (topic: TopicDoc) => number) =>
    listPairsOf(rows, (topic) => topic._id, score);

  async function compareWithDatabase(): Promise<void> {
    const shown = await Topic.find({ status: 0 }).lean<TopicDoc[]>();
    const activity = (topic: TopicDoc) => topic.lastCommentTime;
    expect(await readList(topicLists.all())).toEqual(expected(shown, activity));
    expect(await readList(topicLists.newest())).toEqual(expected(shown, (topic) => topic._id));
    expect(await readList(topicLists.recommend())).toEqual(
      expected(
        shown.filter((t) => t.recommend),
        activity,
      ),
    );
    expect(await readList(topicLists.sticky())).toEqual(
      expected(
        shown.filter((t) => t.sticky),
        (t) => t.stickyTime,
      ),
    );
    for (const nodeId of nodeIds) {
      expect(await readList(topicLists.node(nodeId))).toEqual(
        expected(
          shown.filter((t) => t.nodeId === nodeId),
          activity,
        ),
      );
      expect(await readList(topicLists.stickyOfNode(nodeId))).toEqual(
        expected(
          shown.filter((t) => t.sticky && t.nodeId === nodeId),
          (t) => t.stickyTime,
        ),
      );
    }
    const tagIds = [...new Set((await Topic.find({}).lean<TopicDoc[]>()).flatMap((t) => t.tagIds ?? []))];
    for (const tagId of tagIds) {
      expect(await readList(topicLists.tag(tagId))).toEqual(
        expected(
          shown.filter((t) => t.tagIds.includes(tagId)),
          activity,
        ),
      );
    }
    const counted = await readUsers(users.map((user) => user._id));
    for (const user of users) {
      expect(await readList(topicLists.user(user._id))).toEqual(
        expected(
          shown.filter((t) => t.userId === user._id),
          (t) => t._id,
        ),
      );
      expect(counted.get(user._id)?.topicCount).toBe(shown.filter((t) => t.userId === user._id).length);
    }
  }

  it('equals the lists computed from MongoDB after any sequence of writes, and after a rebuild', async () => {
    const written = await play({
      sequences: fc.array(opArb, { minLength: 1, maxLength: 25 }),
      clear: () => Topic.deleteMany({}),
      apply,
      compareWithDatabase,
      parameters: { numRuns: 25 },
    });
    expect(written).toBeGreaterThan(25);
    expect(await redis.exists(readyKey())).toBe(1);
  }, 240_000);
});
