/**
 * The read model spreads over a Redis Cluster's primaries: after a forum's writes (members, topics,
 * comments, likes, follows, favourites) every primary holds keys of it, and the page reads of
 * topics with their authors send scripts to every primary. Prints what each primary holds and the
 * commands each served during the reads (other test files share the cluster, so those counts are
 * reported, not asserted).
 */
import type { Redis as SingleRedis } from 'ioredis';
import { beforeAll, expect, it } from 'vitest';
import { createComment } from '../comments/create-comment';
import { addFavorite } from '../favorites/favorite';
import { followUser } from '../follows/follow';
import { likeEntity } from '../likes/like-entity';
import { ensureDefaultNode } from '../nodes/ensure-default-node';
import { TopicNode } from '../nodes/model';
import { buildUser, contextFor, describeOnRedisCluster } from '../testing';
import { useReadModelProperty } from '../testing/read-model-property';
import { createTopic } from '../topics/create-topic';
import type { TopicDoc } from '../topics/model';
import type { UserDoc } from '../users/model';
import { isCluster } from '../redis';
import { docKey } from './entities';
import { rmKey } from './store';
import { readTopics, topicKind, topicLists } from './topics';
import { readUsers } from './users';
import { kvKey } from '../kv';

describeOnRedisCluster('the read model on a Redis Cluster', (target) => {
  const { redis } = useReadModelProperty(target.url);
  const users: UserDoc[] = [];
  const topics: TopicDoc[] = [];

  const primaries = (): SingleRedis[] => {
    if (!isCluster(redis)) throw new Error('not a cluster');
    return redis.nodes('master');
  };
  const nameOf = (node: SingleRedis) => `${node.options.host}:${node.options.port}`;

  /** How many keys of this file's read model each primary holds, and how many lie in the shared slot. */
  async function keysPerPrimary(): Promise<{ node: string; keys: number; shared: number }[]> {
    return Promise.all(
      primaries().map(async (node) => {
        let keys = 0;
        let shared = 0;
        let cursor = '0';
        do {
          const [next, found] = await node.scan(cursor, 'MATCH', kvKey('rm', '*'), 'COUNT', 1000);
          cursor = next;
          keys += found.length;
          shared += found.filter((key) => key.startsWith(rmKey(''))).length;
        } while (cursor !== '0');
        return { node: nameOf(node), keys, shared };
      }),
    );
  }

  /** Each primary's count of a command, or of every command (`INFO commandstats`). */
  async function callsPerPrimary(command = '\\w+'): Promise<Map<string, number>> {
    const counts = await Promise.all(
      primaries().map(async (node) => {
        const info = await node.info('commandstats');
        let calls = 0;
        for (const match of info.matchAll(new RegExp(`cmdstat_${command}:calls=(\\d+)`, 'g')))
          calls += Number(match[1]);
        return [nameOf(node), calls] as const;
      }),
    );
    return new Map(counts);
  }
  const since = (before: Map<string, number>, after: Map<string, number>) =>
    [...after].map(([node, calls]) => ({ node, calls: calls - (before.get(node) ?? 0) }));

  beforeAll(async () => {
    await ensureDefaultNode();
    const nodeId = (await TopicNode.findOne({}).lean<{ _id: number }>())!._id;
    const before = await callsPerPrimary();
    for (let i = 0; i < 12; i++) users.push(await buildUser());
    for (const [index, user] of users.entries()) {
      topics.push(
        await createTopic(contextFor(user), {
          type: 0,
          nodeId,
          title: `话题 ${index}`,
          content: '正文',
        } as never),
      );
    }
    for (const [index, user] of users.entries()) {
      const topic = topics[(index + 1) % topics.length]!;
      await createComment(contextFor(user), { entityType: 'topic', entityId: topic._id, content: '评论' });
      await likeEntity(contextFor(user), 'topic', topic._id);
      await followUser(contextFor(user), users[(index + 1) % users.length]!._id);
      await addFavorite(contextFor(user), 'topic', topic._id);
    }
    console.info('commands per primary while writing', since(before, await callsPerPrimary()));
  }, 120_000);

  it('lays its keys on every primary, the shared slot holding only the lists of everyone', async () => {
    const held = await keysPerPrimary();
    console.info('read-model keys per primary', held);
    expect(held).toHaveLength(3);
    for (const { keys } of held) expect(keys).toBeGreaterThan(0);
    const total = held.reduce((sum, { keys }) => sum + keys, 0);
    const shared = held.reduce((sum, { shared }) => sum + shared, 0);
    // Every topic's document, every user's lists and every membership of a per-entity list are
    // outside the shared slot.
    expect(shared).toBeLessThan(total / 2);
    expect(await redis.exists(docKey(topicKind, topics[0]!._id))).toBe(1);
    expect(await redis.zcard(topicLists.all())).toBe(topics.length);
  });

  it('reads a page of topics and their authors with scripts on every primary', async () => {
    const before = await callsPerPrimary('eval');
    for (let i = 0; i < 20; i++) {
      const page = await readTopics(topics.map((topic) => topic._id));
      expect(page).toHaveLength(topics.length);
      const authors = await readUsers(page.map((topic) => topic.userId));
      expect([...authors.values()].every((author) => author.topicCount === 1)).toBe(true);
    }
    const after = await callsPerPrimary('eval');
    const served = since(before, after);
    console.info('scripts per primary for 20 pages of 12 topics and their authors', served);
    for (const { calls } of served) expect(calls).toBeGreaterThan(0);
  });
});
