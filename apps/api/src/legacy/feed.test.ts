import { beforeAll, describe, expect, it } from 'vitest';
import { copyAuthorTopics, deleteTopic, followUser, type UserDoc } from '@forum/core';
import { buildTopic, buildUser, contextFor, defaultNode, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();
let nodeId: number;
beforeAll(async () => {
  nodeId = (await defaultNode())._id;
});

type Page = { results: { topicId: number; liked: boolean }[] | null; cursor: string; hasMore: boolean };

/** A reader following an author with `count` topics, their feed filled as the feed job fills it. */
async function readerOfTopics(count: number) {
  const author = await buildUser();
  const reader = await signedIn(buildUser());
  const topics = [];
  for (let i = 1; i <= count; i++) {
    topics.push(
      await buildTopic({ userId: author._id, nodeId, createTime: i * 1000, lastCommentTime: i * 1000 }),
    );
  }
  await followUser(contextFor(reader.user), author._id);
  await copyAuthorTopics(reader.user._id, author._id);
  return { author, reader, topics };
}

describe('GET /api/feed/topics', () => {
  it('asks a visitor to sign in (errorCode 1)', async () => {
    expect(await legacyGet(t, '/api/feed/topics')).toEqual({
      errorCode: 1,
      message: '请先登录',
      data: null,
      success: false,
    });
  });

  it('pages the followed authors’ topics newest first, 20 a page, the cursor being createTime', async () => {
    const { reader, topics } = await readerOfTopics(22);
    const first = (await legacyGet(t, '/api/feed/topics', {}, reader.token)).data as Page;
    expect(first.results!.map((item) => item.topicId)).toEqual(
      topics
        .slice(2)
        .reverse()
        .map((topic) => topic._id),
    );
    expect(first.results!.every((item) => item.liked === false)).toBe(true);
    expect(first).toMatchObject({ cursor: '3000', hasMore: true });

    const second = (await legacyGet(t, '/api/feed/topics', { cursor: first.cursor }, reader.token))
      .data as Page;
    expect(second.results!.map((item) => item.topicId)).toEqual([topics[1]!._id, topics[0]!._id]);
    expect(second.hasMore).toBe(false);
  });

  it('hides a deleted topic and the topics of someone unfollowed before the feed job has run', async () => {
    const { author, reader, topics } = await readerOfTopics(2);
    await deleteTopic(contextFor(author as UserDoc), topics[1]!._id);
    const afterDelete = (await legacyGet(t, '/api/feed/topics', {}, reader.token)).data as Page;
    expect(afterDelete.results!.map((item) => item.topicId)).toEqual([topics[0]!._id]);

    await legacyPost(t, '/api/fans/unfollow', { userId: author._id }, reader.token);
    const afterUnfollow = (await legacyGet(t, '/api/feed/topics', {}, reader.token)).data as Page;
    expect(afterUnfollow.results ?? []).toEqual([]);
  });
});

describe('POST /api/user/set/email_notify', () => {
  it('turns e-mail notices off and on for the signed-in user, and asks visitors to sign in', async () => {
    const { token } = await signedIn(buildUser());
    expect((await legacyPost(t, '/api/user/set/email_notify', { emailNotify: 'false' })).errorCode).toBe(1);
    const account = () => fetch(`${t.baseUrl}/trpc/users.account`, { headers: { 'x-user-token': token } });
    const notify = async () =>
      ((await (await account()).json()) as { result: { data: { emailNotify: boolean } } }).result.data
        .emailNotify;

    expect(await notify()).toBe(true);
    expect((await legacyPost(t, '/api/user/set/email_notify', { emailNotify: 'false' }, token)).success).toBe(
      true,
    );
    expect(await notify()).toBe(false);
    expect((await legacyPost(t, '/api/user/set/email_notify', { emailNotify: 'true' }, token)).success).toBe(
      true,
    );
    expect(await notify()).toBe(true);
    expect(await legacyPost(t, '/api/user/set/email_notify', { emailNotify: 'maybe' }, token)).toMatchObject({
      success: false,
      message: '参数错误：emailNotify 应为 true 或 false',
    });
  });
});
