/**
 * Mentions over both transports (docs/events-and-jobs.md "Mentions"): the `@` list over tRPC
 * (members only), posts written through tRPC and the legacy API store and render their mentions
 * as plain profile links, and a mentioned member reads the message on both.
 */
import { describe, expect, it } from 'vitest';
import { MessageType, TopicType } from '@forum/contracts';
import { readComment, readTopic, tellMentioned } from '@forum/core';
import { buildTopic, buildUser, defaultNode, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();
const data = (result: { body: any }) => result.body.result?.data;

describe('mentions.suggest', () => {
  it('offers members by the start of their username or nickname, and only to members', async () => {
    const { token } = await signedIn(buildUser());
    const member = await buildUser({ username: 'mxTalker', nickname: '会说话的人' });
    expect(data(await trpcQuery(t, 'mentions.suggest', { prefix: 'MX' }, token))).toEqual([
      { id: member._id, username: 'mxTalker', nickname: '会说话的人', avatar: '' },
    ]);
    expect(data(await trpcQuery(t, 'mentions.suggest', { prefix: '会说' }, token))).toMatchObject([
      { id: member._id },
    ]);
    expect((await trpcQuery(t, 'mentions.suggest', { prefix: 'mx' })).status).toBe(401);
    expect((await trpcQuery(t, 'mentions.suggest', { prefix: '' }, token)).status).toBe(400);
  });
});

describe('posts with mentions', () => {
  it('a tweet posted over tRPC links the member in both transports, and the message reaches both', async () => {
    await defaultNode();
    const { token } = await signedIn(buildUser());
    const alice = await signedIn(buildUser());
    const name = alice.user.username;
    const created = data(
      await trpcMutation(
        t,
        'topics.create',
        { type: TopicType.Tweet, nodeId: 0, content: `你好 @${name}` },
        token,
      ),
    );
    const link = `<a href="/user/${alice.user._id}" class="mention">@${name}</a>`;
    expect(created.content).toBe(`你好 ${link}`);
    const legacy = await legacyGet(t, `/api/topic/${created.id}`);
    expect((legacy.data as { content: string }).content).toBe(`你好 ${link}`);

    // What the notify job does for this topic (the worker's own test runs the job itself).
    expect(await tellMentioned({ kind: 'topic', doc: (await readTopic(created.id))! })).toBe(1);
    const recent = await legacyGet(t, '/api/user/msgrecent', {}, alice.token);
    expect(recent.data).toMatchObject({
      count: 1,
      messages: [{ type: MessageType.Mention, title: '在动态中提到了你', content: `你好 @${name}` }],
    });
    expect(data(await trpcQuery(t, 'messages.recent', undefined, alice.token))).toMatchObject({
      count: 1,
      messages: [
        { type: MessageType.Mention, detailUrl: expect.stringMatching(new RegExp(`/topic/${created.id}$`)) },
      ],
    });
  });

  it('a comment posted over the legacy API links the member in both transports', async () => {
    const { token } = await signedIn(buildUser());
    const bob = await buildUser();
    const topic = await buildTopic();
    const posted = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'topic', entityId: topic._id, content: `@${bob.username} 请看` },
      token,
    );
    expect(posted.success, posted.message).toBe(true);
    const link = `<a href="/user/${bob._id}" class="mention">@${bob.username}</a>`;
    expect((posted.data as { content: string }).content).toBe(`${link} 请看`);
    const id = (posted.data as { commentId: number }).commentId;
    expect((await readComment(id))?.mentions).toEqual([{ username: bob.username, userId: bob._id }]);
    const page = data(await trpcQuery(t, 'comments.list', { entityType: 'topic', entityId: topic._id }));
    expect(page.items ?? page.results).toMatchObject([{ id, content: `${link} 请看` }]);
  });
});
