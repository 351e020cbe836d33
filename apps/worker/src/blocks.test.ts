/** Messages caused by a blocked member never reach the member who blocked them (docs/moderation.md). */
import { describe, expect, it } from 'vitest';
import { blockUser, likeEntity, listMessages } from '@forum/core';
import { buildComment, buildUser, contextFor, postTopic, useTestServices } from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';
import { settled } from '../test/inbox';

const services = useTestServices();
useWorkerForum(services, ['notify', 'maintenance']);

describe('blocked members’ messages', () => {
  it('a blocked member’s comment and like tell the blocker nothing; another member’s comment still does', async () => {
    const [author, blocked, friend] = [await buildUser(), await buildUser(), await buildUser()];
    await blockUser(contextFor(author), blocked._id);
    const topic = await postTopic(author, '被屏蔽者的回复不再打扰');
    await buildComment({ author: blocked, entityId: topic._id, content: '我又来了' });
    await likeEntity(contextFor(blocked), 'topic', topic._id);
    await buildComment({ author: friend, entityId: topic._id, content: '朋友的评论' });
    await waitFor('the friend’s message', async () => (await listMessages(author, 1)).results.length >= 1);
    await settled();
    const messages = (await listMessages(author, 1)).results;
    expect(messages.map((message) => message.content)).toEqual(['朋友的评论']);
  });
});
