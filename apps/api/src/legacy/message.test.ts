/**
 * Messages over both transports (docs/legacy-api.md §1.5 `msgrecent` and `messages`, tRPC `messages.*`): the
 * shapes, who may call what, listing marks read only on the legacy path, and a read clearing the
 * badge in the reader's other tabs through socket.io.
 */
import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  MessageType,
  type ClientToServerEvents,
  type LegacyMessage,
  type RecentMessages,
  type ServerToClientEvents,
} from '@forum/contracts';
import { sendMessage, type UserDoc } from '@forum/core';
import { buildUser, signedIn, waitFor } from '@forum/core/testing';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();

let event = 0;
/** A message as the notify job stores it, from `from` about a topic. */
function tell(to: UserDoc, from: UserDoc, topicId = 7) {
  return sendMessage(`test-event-${++event}`, {
    userId: to._id,
    fromId: from._id,
    type: MessageType.TopicLike,
    title: '点赞了你的话题',
    content: '',
    quoteContent: '《话题》',
    extraData: { topicId, likeUserId: from._id },
  });
}

describe('GET /api/user/msgrecent', () => {
  it('answers a visitor with no count and null', async () => {
    expect(await legacyGet(t, '/api/user/msgrecent')).toMatchObject({
      success: true,
      data: { count: 0, messages: null },
    });
  });

  it('counts the unread and shows the three newest in the MessageResponse shape', async () => {
    const [{ user: reader, token }, sender] = [await signedIn(buildUser()), await buildUser()];
    for (let i = 0; i < 4; i++) await tell(reader, sender, 100 + i);
    const data = (await legacyGet(t, '/api/user/msgrecent', {}, token)).data as RecentMessages;
    expect(data.count).toBe(4);
    expect(data.messages).toHaveLength(3);
    const [newest] = data.messages!;
    expect(Object.keys(newest!)).toEqual([
      'messageId',
      'from',
      'userId',
      'title',
      'content',
      'quoteContent',
      'type',
      'detailUrl',
      'extraData',
      'status',
      'createTime',
    ]);
    expect(newest).toMatchObject({
      from: { id: sender._id, nickname: sender.nickname },
      userId: reader._id,
      title: '点赞了你的话题',
      type: MessageType.TopicLike,
      detailUrl: 'http://localhost:3000/topic/103',
      extraData: JSON.stringify({ topicId: 103, likeUserId: sender._id }),
      status: 0,
    });
    expect(newest!.from).not.toHaveProperty('email');
  });
});

describe('GET /api/user/messages', () => {
  it('needs a signed-in user', async () => {
    expect(await legacyGet(t, '/api/user/messages')).toMatchObject({ success: false, errorCode: 1 });
  });

  it('answers a page of 20, newest first, then marks everything read', async () => {
    const [{ user: reader, token }, sender] = [await signedIn(buildUser()), await buildUser()];
    for (let i = 0; i < 21; i++) await tell(reader, sender, 200 + i);
    const first = (await legacyGet(t, '/api/user/messages', { page: 1 }, token)).data as {
      page: { page: number; limit: number; total: number };
      results: LegacyMessage[];
    };
    expect(first.page).toEqual({ page: 1, limit: 20, total: 21 });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]!.detailUrl).toMatch(/\/topic\/220$/);
    expect(first.results.every((message) => message.status === 0)).toBe(true);
    const second = (await legacyGet(t, '/api/user/messages', { page: 2 }, token)).data as {
      results: LegacyMessage[];
    };
    expect(second.results.map((message) => message.status)).toEqual([1]);
    expect((await legacyGet(t, '/api/user/msgrecent', {}, token)).data).toEqual({ count: 0, messages: null });
    const empty = await legacyGet(t, '/api/user/messages', { page: 3 }, token);
    expect(empty.data).toMatchObject({ results: null });
  });
});

describe('messages procedures', () => {
  it('list does not mark read; markRead does, up to a message; visitors are refused', async () => {
    const [{ user: reader, token }, sender] = [await signedIn(buildUser()), await buildUser()];
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push((await tell(reader, sender, 300 + i))!);
    const list = (await trpcQuery(t, 'messages.list', { page: 1 }, token)).body.result?.data as {
      results: LegacyMessage[];
    };
    expect(list.results.map((message) => message.messageId)).toEqual(sent.map((m) => m._id).reverse());
    expect(
      ((await trpcQuery(t, 'messages.recent', undefined, token)).body.result?.data as RecentMessages).count,
    ).toBe(3);
    expect(
      (await trpcMutation(t, 'messages.markRead', { upTo: sent[1]!._id }, token)).body.result?.data,
    ).toEqual({
      count: 1,
    });
    expect((await trpcMutation(t, 'messages.markRead', {}, token)).body.result?.data).toEqual({ count: 0 });
    expect((await trpcQuery(t, 'messages.list', { page: 1 })).body.error?.data).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await legacyPost(t, '/api/user/messages/read', {}, token)).data).toEqual({ count: 0 });
  });

  it('a read in one tab clears the badge in the reader’s other tabs', async () => {
    const [{ user: reader, token }, sender] = [await signedIn(buildUser()), await buildUser()];
    const tab: Socket<ServerToClientEvents, ClientToServerEvents> = connect(t.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    });
    try {
      const counts: number[] = [];
      tab.on('message:unread', ({ count }) => counts.push(count));
      await new Promise((resolve) => tab.once('connect', () => resolve(undefined)));
      await waitFor('the socket to join its rooms', async () =>
        t.api.io.of('/').adapter.rooms.has(`user:${reader._id}`),
      );
      await tell(reader, sender);
      await waitFor('the new count', async () => counts.includes(1));
      await legacyPost(t, '/api/user/messages/read', {}, token);
      await waitFor('the cleared count', async () => counts.at(-1) === 0);
    } finally {
      tab.disconnect();
    }
  });
});
