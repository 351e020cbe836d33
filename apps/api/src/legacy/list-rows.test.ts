import { beforeAll, describe, expect, it } from 'vitest';
import {
  Tag,
  TopicNode,
  copyAuthorTopics,
  followUser,
  getSiteConfig,
  saveSiteConfig,
  systemContext,
  User,
  nextId,
  reprojectNode,
  reprojectTag,
  reprojectUser,
  type TopicDoc,
  type UserDoc,
} from '@forum/core';
import { buildNode, buildTopic, buildUser, contextFor, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost } from '../test/client';
import { useTestApi } from '../test/harness';

/**
 * A list's rows are kept as JSON between pages (presenters/topics.ts): every change to what a row
 * shows must reach the next read of the list, and a row must say what the topic's own page says.
 */
const t = useTestApi();

type Row = Record<string, unknown> & {
  topicId: number;
  user: Record<string, unknown>;
  node: Record<string, unknown> | null;
  tags: { tagId: number; tagName: string }[] | null;
};

let nodeId: number;
let tagId: number;
let author: UserDoc;
let topics: TopicDoc[];
let reader: string;

beforeAll(async () => {
  nodeId = (await buildNode())._id;
  tagId = await nextId('tag');
  await Tag.create({ _id: tagId, name: 'TTS', nameLower: 'tts', createTime: 1, updateTime: 1 });
  await reprojectTag(tagId);
  author = await buildUser();
  topics = [];
  for (let i = 0; i < 3; i++) topics.push(await buildTopic({ userId: author._id, nodeId, tagIds: [tagId] }));
  ({ token: reader } = await signedIn(buildUser()));
});

/** The node's list as `token`'s reader gets it (answered anew for a token: no shared answer). */
async function rows(token = reader): Promise<Map<number, Row>> {
  const body = await legacyGet(t, '/api/topic/topics', { nodeId }, token);
  const results = (body.data as { results: Row[] | null }).results ?? [];
  return new Map(results.map((row) => [row.topicId, row]));
}

async function rowOf(topic: TopicDoc, token?: string): Promise<Row> {
  const row = (await rows(token)).get(topic._id);
  if (!row) throw new Error(`topic ${topic._id} is not on its node's list`);
  return row;
}

describe('kept list rows', () => {
  it('agree with each topic’s own page, read after read', async () => {
    for (let round = 0; round < 2; round++) {
      const listed = await rows();
      for (const topic of topics) {
        const row = listed.get(topic._id)!;
        const page = (await legacyGet(t, `/api/topic/${topic._id}`, {}, reader)).data as Row;
        // The topic's page counts its own view; its body replaces the summary.
        for (const key of [
          'user',
          'node',
          'tags',
          'title',
          'likeCount',
          'commentCount',
          'liked',
          'createTime',
        ]) {
          expect(row[key], key).toEqual(page[key]);
        }
        expect(row.viewCount).toBe((page.viewCount as number) - 1);
      }
    }
  });

  it('show a new view and a new like at once, the liker’s own mark only to them', async () => {
    const [topic] = topics;
    const before = await rowOf(topic!);
    await legacyGet(t, `/api/topic/${topic!._id}`);
    expect((await rowOf(topic!)).viewCount).toBe((before.viewCount as number) + 1);

    const liker = await signedIn(buildUser());
    await followUser(contextFor(liker.user), author._id);
    await copyAuthorTopics(liker.user._id, author._id);
    expect((await legacyPost(t, `/api/topic/like/${topic!._id}`, {}, liker.token)).success).toBe(true);
    const likes = (before.likeCount as number) + 1;
    // The liker's feed marks their own like; the same topic's row for everyone else does not.
    const feed = await legacyGet(t, '/api/feed/topics', {}, liker.token);
    const feedRow = (feed.data as { results: Row[] }).results.find((row) => row.topicId === topic!._id);
    expect(feedRow).toMatchObject({ likeCount: likes, liked: true });
    expect(await rowOf(topic!)).toMatchObject({ likeCount: likes, liked: false });
    const visitors = await legacyGet(t, '/api/topic/topics', { nodeId });
    const visitorRow = (visitors.data as { results: Row[] }).results.find(
      (row) => row.topicId === topic!._id,
    );
    expect(visitorRow).toMatchObject({ likeCount: likes, liked: false });
    const again = await legacyGet(t, '/api/feed/topics', {}, liker.token);
    expect((again.data as { results: Row[] }).results.find((row) => row.topicId === topic!._id)).toEqual(
      feedRow,
    );
  });

  it('show the author’s new nickname and a blacklisting', async () => {
    await rows();
    await User.updateOne({ _id: author._id }, { $set: { nickname: '新的昵称' } });
    await reprojectUser(author._id);
    for (const row of (await rows()).values()) expect(row.user.nickname).toBe('新的昵称');
    await User.updateOne({ _id: author._id }, { $set: { status: 1 } });
    await reprojectUser(author._id);
    for (const row of (await rows()).values())
      expect(row.user).toMatchObject({ nickname: '黑名单用户', description: '' });
    await User.updateOne({ _id: author._id }, { $set: { status: 0 } });
    await reprojectUser(author._id);
  });

  it('show a renamed node', async () => {
    await rows();
    await TopicNode.updateOne({ _id: nodeId }, { $set: { name: '改名的节点' } });
    await reprojectNode(nodeId);
    for (const row of (await rows()).values()) expect(row.node).toMatchObject({ nodeId, name: '改名的节点' });
  });

  it('show a renamed tag', async () => {
    await rows();
    await Tag.updateOne({ _id: tagId }, { $set: { name: '语音合成', nameLower: '语音合成' } });
    await reprojectTag(tagId);
    for (const row of (await rows()).values()) expect(row.tags).toEqual([{ tagId, tagName: '语音合成' }]);
  });

  it('show the author’s level under new level settings', async () => {
    await rows();
    const before = (await getSiteConfig()).levelConfig;
    try {
      await saveSiteConfig(systemContext(), { levelConfig: [{ level: 1, title: '学徒', score: 0 }] });
      for (const row of (await rows()).values())
        expect(row.user).toMatchObject({ level: 1, levelTitle: '学徒' });
    } finally {
      await saveSiteConfig(systemContext(), { levelConfig: before });
    }
  });
});
