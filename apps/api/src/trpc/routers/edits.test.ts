import { describe, expect, it } from 'vitest';
import {
  COMMENT_CONTENT_MAX_LENGTH,
  Texts,
  TopicType,
  TWEET_CONTENT_MAX_LENGTH,
  type CommentItem,
  type CursorPage,
  type EditHistory,
  type EditSource,
} from '@forum/contracts';
import {
  addForbiddenWord,
  Comment,
  muteUser,
  RateLimits,
  readTopic,
  saveSiteConfig,
  systemContext,
  Topic,
  type UserDoc,
} from '@forum/core';
import {
  buildAdmin,
  buildComment,
  buildOwner,
  buildTopic,
  buildUser,
  commentOf,
  contextFor,
  signedIn,
} from '@forum/core/testing';
import { legacyGet, trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();
const MINUTE_MS = 60_000;

const save = (kind: 'comment' | 'tweet', id: number, content: string, token?: string) =>
  trpcMutation(t, 'edits.save', { kind, id, content }, token);
const appErrorOf = (result: { body: { error?: { data: { appError: unknown } } } }) =>
  result.body.error?.data.appError;

/** A tweet by `userId`, posted `minutesAgo` minutes ago. */
const buildTweet = (userId: number, minutesAgo = 0) =>
  buildTopic({
    userId,
    type: TopicType.Tweet,
    title: '',
    content: '原来的动态',
    createTime: Date.now() - minutesAgo * MINUTE_MS,
  });

/** A comment by `author`, posted `minutesAgo` minutes ago. */
async function oldComment(author: UserDoc, minutesAgo: number) {
  const comment = await buildComment({ author, content: '原来的评论' });
  await Comment.updateOne(
    { _id: comment._id },
    { $set: { createTime: Date.now() - minutesAgo * MINUTE_MS } },
  );
  return comment;
}

describe('edits.save', () => {
  it('lets the author edit their comment: stored, marked edited, and shown by the tRPC and legacy lists', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const comment = await buildComment({ author, content: '原来的评论' });
    const result = await save('comment', comment._id, '改过的评论', token);
    expect(result.body.result?.data).toEqual({ ok: true });

    const stored = await Comment.findById(comment._id).lean();
    expect(stored).toMatchObject({ content: '改过的评论', editUserId: author._id });
    expect(stored!.editTime).toBeGreaterThan(0);
    expect((await commentOf(comment._id)).content).toBe('改过的评论');
    const list = (await trpcQuery(t, 'comments.list', { entityType: 'topic', entityId: comment.entityId }))
      .body.result?.data as CursorPage<CommentItem>;
    expect(list.results[0]).toMatchObject({
      id: comment._id,
      content: '改过的评论',
      editTime: stored!.editTime,
    });
    const legacy = await legacyGet(t, '/api/comment/comments', {
      entityType: 'topic',
      entityId: comment.entityId,
    });
    expect(JSON.stringify(legacy.data)).toContain('改过的评论');
    expect(JSON.stringify(legacy.data)).not.toContain('原来的评论');
    expect(JSON.stringify(legacy.data)).not.toContain('editTime');
  });

  it('lets the author edit their tweet, and the legacy detail shows the new text', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const tweet = await buildTweet(author._id);
    expect(appErrorOf(await save('tweet', tweet._id, '改过的动态', token))).toBeUndefined();
    expect(await readTopic(tweet._id)).toMatchObject({ content: '改过的动态', editUserId: author._id });
    const legacy = await legacyGet(t, `/api/topic/${tweet._id}`);
    expect(JSON.stringify(legacy.data)).toContain('改过的动态');
  });

  it("refuses another member's comment and tweet with 无权限", async () => {
    const author = await buildUser();
    const { token } = await signedIn(buildUser());
    const comment = await buildComment({ author });
    const tweet = await buildTweet(author._id);
    for (const result of [
      await save('comment', comment._id, '别人改的', token),
      await save('tweet', tweet._id, '别人改的', token),
    ]) {
      expect(appErrorOf(result)).toEqual({ code: 'FORBIDDEN', message: '无权限' });
    }
    expect((await Comment.findById(comment._id).lean())?.content).toBe('评论');
    expect((await Topic.findById(tweet._id).lean())?.content).toBe('原来的动态');
  });

  it("refuses the author once the site's edit window closed, with the window in the message", async () => {
    await saveSiteConfig(systemContext(), { contentEditMinutes: 15 });
    const { user: author, token } = await signedIn(buildUser());
    const comment = await oldComment(author, 16);
    const tweet = await buildTweet(author._id, 16);
    const closed = { code: 'FORBIDDEN', message: '发布超过15分钟后不能再编辑' };
    expect(appErrorOf(await save('comment', comment._id, '太晚了', token))).toEqual(closed);
    expect(appErrorOf(await save('tweet', tweet._id, '太晚了', token))).toEqual(closed);
    expect(
      appErrorOf(await trpcQuery(t, 'edits.source', { kind: 'comment', id: comment._id }, token)),
    ).toEqual(closed);

    const recent = await buildTweet(author._id, 14);
    const source = (await trpcQuery(t, 'edits.source', { kind: 'tweet', id: recent._id }, token)).body.result
      ?.data as EditSource;
    expect(source).toMatchObject({ kind: 'tweet', id: recent._id, content: '原来的动态' });
    expect(source.editableUntil).toBe(recent.createTime + 15 * MINUTE_MS);
  });

  it('follows the owner changing the window', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const tweet = await buildTweet(author._id, 20);
    await saveSiteConfig(systemContext(), { contentEditMinutes: 30 });
    try {
      expect(appErrorOf(await save('tweet', tweet._id, '窗口变长了', token))).toBeUndefined();
    } finally {
      await saveSiteConfig(systemContext(), { contentEditMinutes: 15 });
    }
  });

  it('lets admins and the owner edit anyone’s comment and tweet after the window', async () => {
    const author = await buildUser();
    const { token: adminToken } = await signedIn(buildAdmin());
    const { token: ownerToken } = await signedIn(buildOwner());
    const comment = await oldComment(author, 60 * 24);
    const tweet = await buildTweet(author._id, 60 * 24);
    expect(appErrorOf(await save('comment', comment._id, '管理员改的', adminToken))).toBeUndefined();
    expect(appErrorOf(await save('tweet', tweet._id, '站长改的', ownerToken))).toBeUndefined();
    expect((await Comment.findById(comment._id).lean())?.content).toBe('管理员改的');
    expect((await Topic.findById(tweet._id).lean())?.content).toBe('站长改的');
    const source = (await trpcQuery(t, 'edits.source', { kind: 'comment', id: comment._id }, adminToken)).body
      .result?.data as EditSource;
    expect(source.editableUntil).toBe(0);
  });

  it('refuses a muted author with 已被禁言', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const comment = await buildComment({ author });
    await muteUser(contextFor(await buildAdmin()), { userId: author._id, days: 1, reason: '' });
    expect(appErrorOf(await save('comment', comment._id, '禁言中', token))).toEqual({
      code: 'USER_MUTED',
      message: '已被禁言',
    });
    expect((await Comment.findById(comment._id).lean())?.content).toBe('评论');
  });

  it('applies the rules of creation: forbidden words, length and empty text', async () => {
    const { user: author, token } = await signedIn(buildUser());
    await addForbiddenWord(contextFor(await buildAdmin()), { word: '违禁词' });
    const comment = await buildComment({ author });
    const tweet = await buildTweet(author._id);
    for (const kind of ['comment', 'tweet'] as const) {
      const refused = await save(kind, kind === 'comment' ? comment._id : tweet._id, '有违禁词', token);
      expect(appErrorOf(refused)).toEqual({
        code: 'INVALID_INPUT',
        message: Texts.forbiddenWords.contentHit('违禁词'),
      });
      // Named as the text's field, for the editor to show it under the box.
      expect(refused.body.error?.data.field).toBe('content');
    }
    expect(
      appErrorOf(await save('comment', comment._id, 'x'.repeat(COMMENT_CONTENT_MAX_LENGTH + 1), token)),
    ).toEqual({
      code: 'INVALID_INPUT',
      message: `评论内容不能超过${COMMENT_CONTENT_MAX_LENGTH}个字符`,
    });
    expect(
      appErrorOf(await save('tweet', tweet._id, 'x'.repeat(TWEET_CONTENT_MAX_LENGTH + 1), token)),
    ).toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(appErrorOf(await save('comment', comment._id, '  ', token))).toEqual({
      code: 'INVALID_INPUT',
      message: '请输入评论内容',
    });
    expect((await Comment.findById(comment._id).lean())?.content).toBe('评论');
    expect((await Topic.findById(tweet._id).lean())?.content).toBe('原来的动态');
  });

  it('keeps script out of the rendered edit', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const comment = await buildComment({ author });
    await save('comment', comment._id, '<script>alert(1)</script><img src=x onerror=alert(1)>', token);
    const list = (await trpcQuery(t, 'comments.list', { entityType: 'topic', entityId: comment.entityId }))
      .body.result?.data as CursorPage<CommentItem>;
    expect(list.results[0]!.content).not.toMatch(/<script|<img/);
  });

  it('refuses a visitor and a deleted comment', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const comment = await buildComment({ author });
    expect((await save('comment', comment._id, '访客')).status).toBe(401);
    await Comment.updateOne({ _id: comment._id }, { $set: { status: 1 } });
    expect(appErrorOf(await save('comment', comment._id, '已删除', token))).toEqual({
      code: 'NOT_FOUND',
      message: '评论不存在',
    });
  });

  it(`rate-limits edits to ${RateLimits['content-edit'].limit} a minute`, async () => {
    const { user: author, token } = await signedIn(buildUser());
    const comment = await buildComment({ author });
    for (let i = 0; i < RateLimits['content-edit'].limit; i += 1) {
      expect(appErrorOf(await save('comment', comment._id, `第${i}次`, token))).toBeUndefined();
    }
    expect(appErrorOf(await save('comment', comment._id, '太多了', token))).toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('edits.history', () => {
  it('records every replaced text and shows them newest first to admins only', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const { user: admin, token: adminToken } = await signedIn(buildAdmin());
    const tweet = await buildTweet(author._id);
    await save('tweet', tweet._id, '第二版', token);
    await save('tweet', tweet._id, '第三版', adminToken);

    const history = (await trpcQuery(t, 'edits.history', { kind: 'tweet', id: tweet._id }, adminToken)).body
      .result?.data as EditHistory;
    expect(history.versions.map((version) => [version.content, version.user.id])).toEqual([
      ['第三版', admin._id],
      ['第二版', author._id],
      ['原来的动态', author._id],
    ]);
    expect(history.versions[2]!.time).toBe(tweet.createTime);

    expect(
      (await trpcQuery(t, 'edits.history', { kind: 'tweet', id: tweet._id }, token)).body.error?.data
        .appError,
    ).toEqual({
      code: 'FORBIDDEN',
      message: '无权限',
    });
  });

  it('shows a never-edited comment as its one version', async () => {
    const { token: adminToken } = await signedIn(buildAdmin());
    const comment = await buildComment({ content: '没改过' });
    const history = (await trpcQuery(t, 'edits.history', { kind: 'comment', id: comment._id }, adminToken))
      .body.result?.data as EditHistory;
    expect(history.versions.map((version) => version.content)).toEqual(['没改过']);
  });
});
