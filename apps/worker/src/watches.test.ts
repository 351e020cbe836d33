/**
 * Watched topics (关注此话题, docs/events-and-jobs.md "Watched topics") on the real `notify` queue and
 * worker: default watches of authors and commenters, an explicit unwatch that sticks, one message
 * per burst of comments, and a job run again that tells nobody twice.
 */
import { describe, expect, it } from 'vitest';
import { MessageType } from '@forum/contracts';
import {
  TopicWatch,
  blockUser,
  getQueue,
  isWatchingTopic,
  markMessagesRead,
  setWatchDefaults,
  unwatchTopic,
  watchTopic,
  type UserDoc,
} from '@forum/core';
import { buildComment, buildUser, contextFor, postTopic, useTestServices } from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';
import { inbox, settled } from '../test/inbox';

const services = useTestServices();
const forum = useWorkerForum(services, ['notify', 'maintenance']);

const watchMessages = async (reader: UserDoc) =>
  (await inbox(reader)).filter((message) => message.type === MessageType.TopicWatched);

describe('watched topics', () => {
  it('five comments in a row make one message per watcher; once read, the next comment makes another', async () => {
    const [author, watcher, commenter] = [await buildUser(), await buildUser(), await buildUser()];
    const topic = await postTopic(author, '语音合成的韵律建模');
    await watchTopic(contextFor(watcher), topic._id);
    const contents = ['一', '二', '三', '四', '五'].map((n) => `第${n}条评论`);
    for (const content of contents) await buildComment({ author: commenter, entityId: topic._id, content });
    await waitFor('the watch message', async () => (await watchMessages(watcher)).length >= 1);
    await settled();
    const [message, ...others] = await inbox(watcher);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      from: { id: commenter._id },
      type: MessageType.TopicWatched,
      title: '评论了你关注的话题',
      quoteContent: '《语音合成的韵律建模》',
      status: 0,
    });
    expect(contents).toContain(message!.content);
    expect(message!.detailUrl).toMatch(new RegExp(`/topic/${topic._id}$`));
    // The author hears of each comment as before (type 0), and nothing more as a watcher.
    expect((await inbox(author)).map((m) => m.type)).toEqual(Array(5).fill(MessageType.TopicComment));

    await markMessagesRead(contextFor(watcher));
    await buildComment({ author: commenter, entityId: topic._id, content: '读完之后的新评论' });
    await waitFor('a second watch message', async () => (await watchMessages(watcher)).length >= 2);
    await settled();
    const messages = await inbox(watcher);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      type: MessageType.TopicWatched,
      content: '读完之后的新评论',
      status: 0,
    });
  });

  it('authors and commenters watch by default; an explicit unwatch and a setting turned off stick', async () => {
    const [author, replier, quiet] = [await buildUser(), await buildUser(), await buildUser()];
    await setWatchDefaults(contextFor(quiet), { watchRepliedTopics: false });
    const topic = await postTopic(author, '说话人分离的评测');
    await waitFor('the author to watch', () => isWatchingTopic(author._id, topic._id));
    await buildComment({ author: replier, entityId: topic._id, content: '用 DER 吧' });
    await waitFor('the replier to watch', () => isWatchingTopic(replier._id, topic._id));
    expect(await TopicWatch.findById(`${topic._id}:${replier._id}`).lean()).toMatchObject({
      watching: true,
      reason: 'replied',
    });

    await unwatchTopic(contextFor(author), topic._id);
    await unwatchTopic(contextFor(replier), topic._id);
    await buildComment({ author: quiet, entityId: topic._id, content: '不想关注' });
    await buildComment({ author: replier, entityId: topic._id, content: '再说一句' });
    await buildComment({ author: author, entityId: topic._id, content: '作者也回复' });
    await settled();
    expect(await isWatchingTopic(author._id, topic._id)).toBe(false);
    expect(await isWatchingTopic(replier._id, topic._id)).toBe(false);
    expect(await isWatchingTopic(quiet._id, topic._id)).toBe(false);
    expect(await TopicWatch.findById(`${topic._id}:${author._id}`).lean()).toMatchObject({
      watching: false,
      reason: 'explicit',
    });
    expect(await TopicWatch.findById(`${topic._id}:${quiet._id}`).lean()).toBeNull();
    // Nobody who stopped watching heard of the later comments as a watcher.
    expect(await watchMessages(replier)).toEqual([]);
  });

  it('skips the comment author replied to, and a watcher who blocked the commenter', async () => {
    const [author, watcher, blocker, replier] = [
      await buildUser(),
      await buildUser(),
      await buildUser(),
      await buildUser(),
    ];
    const topic = await postTopic(author, '低资源语种的识别');
    await watchTopic(contextFor(blocker), topic._id);
    await blockUser(contextFor(blocker), replier._id);
    // The watcher comments (and so watches); a reply to that comment tells them once, as a reply.
    const parent = await buildComment({ author: watcher, entityId: topic._id, content: '有数据吗' });
    await waitFor('the watcher to watch', () => isWatchingTopic(watcher._id, topic._id));
    await waitFor('the blocker’s watch message', async () => (await watchMessages(blocker)).length >= 1);
    // Read, so only the block keeps the reply's message away.
    await markMessagesRead(contextFor(blocker));
    await buildComment({ author: replier, entityType: 'comment', entityId: parent._id, content: '有一些' });
    await waitFor('the reply message', async () => (await inbox(watcher)).length >= 1);
    await settled();
    expect((await inbox(watcher)).map((m) => m.type)).toEqual([MessageType.CommentReply]);
    // The blocker heard of the watcher's comment, not of the blocked member's reply.
    expect((await watchMessages(blocker)).map((m) => m.content)).toEqual(['有数据吗']);
  });

  it('a comment event handled again tells no watcher twice, even after the watcher read', async () => {
    const [author, watcher, commenter] = [await buildUser(), await buildUser(), await buildUser()];
    const topic = await postTopic(author, '端点检测的阈值');
    await watchTopic(contextFor(watcher), topic._id);
    await buildComment({ author: commenter, entityId: topic._id, content: '只通知一次' });
    await waitFor('the watch message', async () => (await watchMessages(watcher)).length >= 1);
    await settled();
    await markMessagesRead(contextFor(watcher));
    const job = (await getQueue('notify').getJobs(['completed'])).find(
      (candidate) => candidate.name === 'notify-comment' && candidate.data.payload.userId === commenter._id,
    );
    // As after a crash before the run was recorded, and the read model's message keys lost.
    await forum.redis.del(`${services.prefix}rm:{rm}:messages:ids`);
    await getQueue('notify').add('notify-comment', job!.data, { jobId: `${job!.id}-again` });
    await settled();
    expect(await inbox(watcher)).toHaveLength(1);
  });
});
