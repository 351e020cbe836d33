import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComment } from '../comments/create-comment';
import { Comment } from '../comments/model';
import { closeEventBus, initEventBus } from '../events';
import { followUser } from '../follows/follow';
import { UserFollow } from '../follows/model';
import { initKv } from '../kv';
import { likeEntity } from '../likes/like-entity';
import { UserLike } from '../likes/model';
import { ensureDefaultNode } from '../nodes/ensure-default-node';
import { TopicNode } from '../nodes/model';
import { createRedis } from '../redis';
import { buildUser, contextFor, useTestServices } from '../testing';
import { createTopic } from '../topics/create-topic';
import { Topic } from '../topics/model';
import { commentLists } from './comments';
import { likerList } from './likes';
import { reprojectEverything } from './rebuild';
import { readStamp } from './stamp';
import { rmKey } from './store';
import { readTopic, topicLists } from './topics';
import { readUsers, userLists } from './users';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
let nodeId: number;

beforeAll(async () => {
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
  await ensureDefaultNode();
  nodeId = (await TopicNode.findOne({}).lean<{ _id: number }>())!._id;
});
afterAll(async () => {
  await closeEventBus();
  await redis.quit();
});

const members = (key: string) => redis.zrevrange(key, 0, -1);

describe('the nightly re-projection with its sweep', () => {
  it('takes rows deleted behind the services’ back out of every list and drops their documents', async () => {
    const [author, reader] = [await buildUser(), await buildUser()];
    const kept = await createTopic(contextFor(author), {
      type: 0,
      nodeId,
      title: '留下的话题',
      content: '正文',
    } as never);
    const doomed = await createTopic(contextFor(author), {
      type: 0,
      nodeId,
      title: '被删的话题',
      content: '正文',
    } as never);
    const comment = await createComment(contextFor(reader), {
      entityType: 'topic',
      entityId: kept._id,
      content: '一条评论',
    });
    await likeEntity(contextFor(reader), 'topic', kept._id);
    await followUser(contextFor(reader), author._id);

    await Topic.deleteOne({ _id: doomed._id });
    await Comment.deleteOne({ _id: comment._id });
    await UserLike.deleteMany({ entityType: 'topic', entityId: kept._id });
    await UserFollow.deleteMany({ userId: reader._id });
    // Still there: the projectors were never told.
    expect(await members(topicLists.all())).toContain(String(doomed._id));
    expect(await members(likerList('topic', kept._id))).toEqual([String(reader._id)]);

    const stamp = await readStamp();
    const { swept } = await reprojectEverything(undefined, { sweep: true });

    expect(swept).toBeGreaterThanOrEqual(5);
    expect(await readStamp()).not.toBe(stamp);
    for (const key of [
      topicLists.all(),
      topicLists.node(nodeId),
      topicLists.newest(),
      userLists.topics(author._id),
    ]) {
      expect(await members(key)).toContain(String(kept._id));
      expect(await members(key)).not.toContain(String(doomed._id));
    }
    expect(await redis.exists(rmKey('e', 'topic', doomed._id))).toBe(0);
    expect(await readTopic(doomed._id)).toBeNull();
    expect(await members(commentLists.of('topic', kept._id))).toEqual([]);
    expect(await members(likerList('topic', kept._id))).toEqual([]);
    expect(await members(userLists.follows(reader._id))).toEqual([]);
    expect(await members(userLists.fans(author._id))).toEqual([]);
    const counted = await readUsers([author._id, reader._id]);
    expect(counted.get(author._id)).toMatchObject({ topicCount: 1, fansCount: 0 });
    expect(counted.get(reader._id)).toMatchObject({ commentCount: 0, followCount: 0 });
  });

  it('keeps everything that still exists, and a second sweep finds nothing', async () => {
    const author = await buildUser();
    const topic = await createTopic(contextFor(author), {
      type: 0,
      nodeId,
      title: '完好的话题',
      content: '正文',
    } as never);
    await reprojectEverything(undefined, { sweep: true });
    expect((await reprojectEverything(undefined, { sweep: true })).swept).toBe(0);
    expect(await members(topicLists.all())).toContain(String(topic._id));
    expect(await readTopic(topic._id)).toMatchObject({ title: '完好的话题' });
  });
});
