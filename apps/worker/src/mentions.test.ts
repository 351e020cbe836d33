/**
 * Mentions (docs/events-and-jobs.md "Mentions") on the real `notify` queue and worker: who is told
 * and with what, the block rule, the per-post limit, edits that tell only members they add, and a
 * job run again for its event telling nobody twice.
 */
import { describe, expect, it } from 'vitest';
import { MENTIONS_PER_POST_MAX, MessageType, TopicType } from '@forum/contracts';
import {
  approveArticle,
  blockUser,
  createArticle,
  createTopic,
  editContent,
  getQueue,
  saveSiteConfig,
  systemContext,
  type UserDoc,
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
import { inbox, settled, messagesOf } from '../test/inbox';

const services = useTestServices();
const forum = useWorkerForum(services, ['notify', 'maintenance']);

const tweet = (author: UserDoc, content: string) =>
  createTopic(contextFor(author), { type: TopicType.Tweet, nodeId: 0, content });

describe('mentions', () => {
  it('a topic tells each member it mentions once, from its author, linking to the topic', async () => {
    const [author, alice, bob] = [await buildUser(), await buildUser(), await buildUser()];
    const topic = await postTopic(
      author,
      '流式识别',
      `@${alice.username} 和 @${bob.username}，还有 @${alice.username}`,
    );
    for (const reader of [alice, bob]) {
      const messages = await messagesOf(reader, 1);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        from: { id: author._id },
        type: MessageType.Mention,
        title: '在话题《流式识别》中提到了你',
      });
      expect(messages[0]!.content).toContain(`@${alice.username}`);
      expect(messages[0]!.detailUrl).toMatch(new RegExp(`/topic/${topic._id}$`));
    }
    expect(await inbox(author)).toEqual([]);
  });

  it('a comment tells who it mentions, but a member it already tells (the topic author) only once, edits too', async () => {
    const [author, commenter, carol] = [await buildUser(), await buildUser(), await buildUser()];
    const topic = await postTopic(author, '声码器');
    const comment = await buildComment({
      author: commenter,
      entityId: topic._id,
      content: `@${author.username} @${carol.username} 看看这个`,
    });
    const [toCarol] = await messagesOf(carol, 1);
    expect(toCarol).toMatchObject({ type: MessageType.Mention, title: '在话题《声码器》的评论中提到了你' });
    expect(toCarol!.detailUrl).toMatch(new RegExp(`/topic/${topic._id}$`));
    const toAuthor = await messagesOf(author, 1);
    expect(toAuthor.map((message) => message.type)).toEqual([MessageType.TopicComment]);
    await editContent(contextFor(commenter), {
      kind: 'comment',
      id: comment._id,
      content: `@${author.username} @${carol.username} 改一下`,
    });
    await waitFor('the edit to be handled', async () =>
      (await getQueue('notify').getJobs(['completed'])).some(
        (job) => job.name === 'notify-changed-mentions' && job.data.payload.id === comment._id,
      ),
    );
    await settled();
    expect((await inbox(author)).map((message) => message.type)).toEqual([MessageType.TopicComment]);
    expect(await inbox(carol)).toHaveLength(1);
  });

  it('never tells a member who blocked the author', async () => {
    const [author, blocker, other] = [await buildUser(), await buildUser(), await buildUser()];
    await blockUser(contextFor(blocker), author._id);
    await tweet(author, `@${blocker.username} @${other.username}`);
    await messagesOf(other, 1);
    expect(await inbox(blocker)).toEqual([]);
  });

  it(`tells at most ${MENTIONS_PER_POST_MAX} members of a post, over its edits too`, async () => {
    const author = await buildUser();
    const members = await Promise.all(Array.from({ length: MENTIONS_PER_POST_MAX + 2 }, () => buildUser()));
    const post = await tweet(author, members.map((member) => `@${member.username}`).join(' '));
    await messagesOf(members[MENTIONS_PER_POST_MAX - 1]!, 1);
    expect(await inbox(members[MENTIONS_PER_POST_MAX]!)).toEqual([]);
    // Rewriting the tweet to name only the members left out does not open more places.
    await editContent(contextFor(author), {
      kind: 'tweet',
      id: post._id,
      content: members
        .slice(MENTIONS_PER_POST_MAX)
        .map((member) => `@${member.username}`)
        .join(' '),
    });
    await waitFor('the edit to be handled', async () =>
      (await getQueue('notify').getJobs(['completed'])).some(
        (job) => job.name === 'notify-changed-mentions' && job.data.payload.id === post._id,
      ),
    );
    await settled();
    for (const member of members.slice(MENTIONS_PER_POST_MAX)) expect(await inbox(member)).toEqual([]);
  });

  it('an edit tells only a member it adds, once; the members told before are not told again', async () => {
    const [author, alice, bob] = [await buildUser(), await buildUser(), await buildUser()];
    const post = await tweet(author, `@${alice.username} 你好`);
    await messagesOf(alice, 1);
    await editContent(contextFor(author), {
      kind: 'tweet',
      id: post._id,
      content: `@${alice.username} 你好，@${bob.username} 也来`,
    });
    const [toBob] = await messagesOf(bob, 1);
    expect(toBob).toMatchObject({ type: MessageType.Mention, title: '在动态中提到了你' });
    await editContent(contextFor(author), {
      kind: 'tweet',
      id: post._id,
      content: `@${alice.username} @${bob.username} 再改一次`,
    });
    await settled();
    expect(await inbox(alice)).toHaveLength(1);
    expect(await inbox(bob)).toHaveLength(1);
  });

  it('an article waiting for review tells its mentions once it is approved', async () => {
    const [author, alice, admin] = [await buildUser(), await buildUser(), await buildAdmin()];
    await saveSiteConfig(systemContext(), { articlePending: true });
    const article = await createArticle(contextFor(author), {
      title: '待审文章',
      summary: '',
      content: `请 @${alice.username} 指正`,
      tags: [],
    }).finally(() => saveSiteConfig(systemContext(), { articlePending: false }));
    await settled();
    expect(await inbox(alice)).toEqual([]);
    await approveArticle(contextFor(admin), article._id);
    const [message] = await messagesOf(alice, 1);
    expect(message).toMatchObject({ type: MessageType.Mention, title: '在文章《待审文章》中提到了你' });
    expect(message!.detailUrl).toMatch(new RegExp(`/article/${article._id}$`));
  });

  it("a job run again for its event tells nobody twice, even once Redis forgot the messages' ids", async () => {
    const [author, alice] = [await buildUser(), await buildUser()];
    const post = await tweet(author, `@${alice.username} 只提醒一次`);
    await messagesOf(alice, 1);
    const job = (await getQueue('notify').getJobs(['completed'])).find(
      (candidate) => candidate.name === 'push-new-topic' && candidate.data.payload.topicId === post._id,
    );
    expect(job).toBeDefined();
    await forum.redis.del(`${services.prefix}rm:{rm}:messages:ids`);
    await forum.redis.del(`${services.prefix}mentions:told:topic:${post._id}`);
    await getQueue('notify').add('push-new-topic', job!.data, { jobId: `${job!.id}-again` });
    await settled();
    expect(await inbox(alice)).toHaveLength(1);
  });
});
