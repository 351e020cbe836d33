import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../request-context';
import { saveSiteConfig } from '../config/save-site-config';
import { closeEventBus, initEventBus } from '../events';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { TopicNode } from '../nodes/model';
import { DEFAULT_NODE_NAME, ensureDefaultNode } from '../nodes/ensure-default-node';
import { buildComment, buildUser, contextFor, postTopic, useTestServices } from '../testing';
import { createLocalStorage } from '../uploads/local-storage';
import { configureUploads } from '../uploads/settings';
import { createTopic } from './create-topic';
import { bumpTopicOnComment, hasCommented, topicExists } from './get-topic';
import { dbCommands } from '../metrics/series';
import { Topic, TopicCommenter } from './model';
import { readTopic } from '../read-model/topics';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => {
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
  configureUploads(
    createLocalStorage({ dir: '/tmp/forum-topics-test', publicUrl: 'http://localhost/uploads' }),
  );
});
afterAll(async () => {
  await closeEventBus();
  await redis.quit();
});

// Authors a day old, past any observation period.
const aDayOld = { createTime: Date.now() - 86_400_000 };

describe('topics in core', () => {
  it('ensureDefaultNode creates node 默认节点 once on a fresh database', async () => {
    await ensureDefaultNode();
    await ensureDefaultNode();
    expect(await TopicNode.find({}).lean()).toMatchObject([{ name: DEFAULT_NODE_NAME, status: 0 }]);
  });

  it('without a chosen node and without a default node, a topic asks for one', async () => {
    await saveSiteConfig(systemContext(), { defaultNodeId: 0 });
    try {
      const author = await buildUser(aDayOld);
      await expect(createTopic(contextFor(author), { title: 't', content: 'c' })).rejects.toMatchObject({
        message: '请选择节点',
      });
    } finally {
      await saveSiteConfig(systemContext(), { defaultNodeId: 1 });
    }
  });

  it('createTopic records topic.created in the topic, whose outbox keeps it for the jobs to read', async () => {
    const author = await buildUser(aDayOld);
    const topic = await postTopic(author, '标题', '正文\0');
    const stored = await Topic.findById(topic._id).lean();
    expect(stored).toMatchObject({ content: '正文', userId: author._id, lastCommentTime: topic.createTime });
    expect(stored!.outbox?.map((event) => event.type)).toEqual(['topic.created']);
    expect(await topicExists(topic._id)).toBe(true);
  });

  it('bumpTopicOnComment keeps the newest comment and its author, in the database and the lists', async () => {
    const topic = await postTopic(await buildUser(aDayOld), '标题');
    const later = topic.createTime + 5000;
    await bumpTopicOnComment(topic._id, later, 7);
    await bumpTopicOnComment(topic._id, later - 1000, 8);
    expect(await Topic.findById(topic._id).lean()).toMatchObject({
      lastCommentTime: later,
      lastCommentUserId: 7,
    });
    expect(await readTopic(topic._id)).toMatchObject({ lastCommentTime: later, lastCommentUserId: 7 });
  });

  it("bumpTopicOnComment writes a commenter's row once: a repeat commenter costs no statement for it", async () => {
    const topic = await postTopic(await buildUser(aDayOld), '标题');
    const writes = async () =>
      (await dbCommands.get()).values
        .filter((value) => value.labels.collection === 'topic_commenters')
        .reduce((sum, value) => sum + value.value, 0);
    const before = await writes();
    await bumpTopicOnComment(topic._id, topic.createTime + 1000, 9);
    expect(await writes()).toBe(before + 1);
    await bumpTopicOnComment(topic._id, topic.createTime + 2000, 9);
    expect(await writes()).toBe(before + 1);
    expect(await TopicCommenter.find({ topicId: topic._id }).lean()).toMatchObject([{ userId: 9 }]);
    expect(await hasCommented(topic._id, 9)).toBe(true);
  });

  it('a topic counts its comments, not its replies', async () => {
    const author = await buildUser(aDayOld);
    const topic = await postTopic(author, '标题');
    const first = await buildComment({ author, entityId: topic._id, content: '一楼' });
    await buildComment({ author, entityId: topic._id, content: '二楼' });
    await buildComment({ author, entityType: 'comment', entityId: first._id, content: '回复' });
    expect(await readTopic(topic._id)).toMatchObject({ commentCount: 2 });
  });
});
