/**
 * The admin console's delete and restore on the real queues: a topic a moderator deletes leaves the
 * lists, its author's fans' feeds and the search results, and its author is told (type 5); restored,
 * it is back in all three. A deleted article or comment tells its author the same way.
 */
import { describe, expect, it } from 'vitest';
import { MessageType } from '@forum/contracts';
import {
  Message,
  OperateLog,
  createArticle,
  deleteArticle,
  deleteCommentAsModerator,
  deleteTopic,
  feedList,
  followUser,
  listTopics,
  listUserTopics,
  restoreTopic,
  search,
} from '@forum/core';
import {
  buildAdmin,
  buildComment,
  buildUser,
  contextFor,
  postTopic,
  useTestServices,
} from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';

const services = useTestServices();
const forum = useWorkerForum(services, ['feed', 'search', 'notify', 'maintenance']);

const found = async (keyword: string) =>
  (await search({ keyword, kind: 'topic' })).results.map((hit) => hit.id);
const inFeed = async (userId: number, topicId: number) =>
  (await forum.redis.zscore(feedList(userId), String(topicId))) !== null;
const inLatest = async (topicId: number) =>
  (await listTopics()).topics.some((topic) => topic._id === topicId);

describe('deleting and restoring from the admin console', () => {
  it('a restored topic is back in the lists, its fans’ feeds and the search results', async () => {
    const [author, fan, admin] = [await buildUser(), await buildUser(), await buildAdmin()];
    await followUser(contextFor(fan), author._id);
    const topic = await postTopic(author, '回声消除的双讲检测', '双讲检测的阈值怎么定');
    await waitFor('the topic in the fan’s feed', () => inFeed(fan._id, topic._id));
    await waitFor('the topic to be found', async () => (await found('双讲检测')).includes(topic._id));

    await deleteTopic(contextFor(admin, { ip: '10.1.1.1', userAgent: 'console' }), topic._id);
    expect(await inLatest(topic._id)).toBe(false);
    expect((await listUserTopics(author._id)).topics.map((row) => row._id)).not.toContain(topic._id);
    await waitFor('the topic to leave the feed', async () => !(await inFeed(fan._id, topic._id)));
    await waitFor(
      'the topic to leave the results',
      async () => !(await found('双讲检测')).includes(topic._id),
    );
    await waitFor('the author to be told', async () =>
      Boolean(await Message.exists({ userId: author._id, type: MessageType.TopicDelete })),
    );

    await restoreTopic(contextFor(admin, { ip: '10.1.1.1', userAgent: 'console' }), topic._id);
    expect(await inLatest(topic._id)).toBe(true);
    expect((await listUserTopics(author._id)).topics.map((row) => row._id)).toContain(topic._id);
    await waitFor('the topic back in the feed', () => inFeed(fan._id, topic._id));
    await waitFor('the topic found again', async () => (await found('双讲检测')).includes(topic._id));

    const log = await OperateLog.find({ dataType: 'topic', dataId: topic._id }).sort({ _id: 1 }).lean();
    expect(log.map((row) => [row.userId, row.opType, row.description, row.ip, row.userAgent])).toEqual([
      [admin._id, 'delete', '', '10.1.1.1', 'console'],
      [admin._id, 'update', '恢复话题', '10.1.1.1', 'console'],
    ]);
  });

  it('a moderator’s deletion of an article or a comment is told to its author (type 5)', async () => {
    const [author, admin] = [await buildUser(), await buildAdmin()];
    const article = await createArticle(contextFor(author), {
      title: '波束形成综述',
      summary: '',
      content: '内容',
      tags: [],
    });
    const topic = await postTopic(author, '话题');
    const comment = await buildComment({ author, entityId: topic._id, content: '一条评论' });

    await deleteArticle(contextFor(admin), article._id);
    await deleteCommentAsModerator(contextFor(admin), comment._id);

    await waitFor('both messages', async () => (await Message.countDocuments({ userId: author._id })) === 2);
    const messages = await Message.find({ userId: author._id }).sort({ _id: 1 }).lean();
    expect(messages.map((row) => [row.type, row.fromId, row.title, row.quoteContent]).sort()).toEqual(
      [
        [MessageType.TopicDelete, 0, '你的文章被删除', '《波束形成综述》'],
        [MessageType.TopicDelete, 0, '你的评论被删除', '一条评论'],
      ].sort(),
    );
  });
});
