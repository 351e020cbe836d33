import { describe, expect, it } from 'vitest';
import type { CommentItem, CursorPage } from '@forum/contracts';
import { Comment } from '@forum/core';
import {
  buildComment,
  buildMutedUser,
  buildTopic,
  buildUser,
  signedIn,
  topicCounters,
} from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

describe('comments procedures', () => {
  it('comments.create stores a comment and returns it as a CommentItem', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const { body } = await trpcMutation(
      t,
      'comments.create',
      { entityType: 'topic', entityId: topic._id, content: '**你好**', contentType: 'markdown' },
      token,
    );
    const item = body.result?.data as CommentItem;
    expect(item).toMatchObject({
      user: { id: me._id, nickname: me.nickname, avatar: '' },
      entityType: 'topic',
      entityId: topic._id,
      imageList: [],
      likeCount: 0,
      commentCount: 0,
      liked: false,
      quoteId: 0,
      quote: null,
      replies: null,
    });
    expect(item.content).toContain('<strong>你好</strong>');
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 1, likeCount: 0 });
  });

  it('comments.create refuses visitors (401), muted users (USER_MUTED) and blank content', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const { token: mutedToken } = await signedIn(buildMutedUser());
    const topic = await buildTopic({ userId: author._id });
    const input = { entityType: 'topic', entityId: topic._id, content: '你好' };
    const visitor = await trpcMutation(t, 'comments.create', input);
    expect(visitor.status).toBe(401);
    const muted = await trpcMutation(t, 'comments.create', input, mutedToken);
    expect(muted.body.error?.data.appError).toEqual({ code: 'USER_MUTED', message: '已被禁言' });
    const blank = await trpcMutation(t, 'comments.create', { ...input, content: ' ' }, token);
    expect(blank.body.error?.data.appError).toEqual({ code: 'INVALID_INPUT', message: '请输入评论内容' });
    expect(await Comment.countDocuments({ entityId: topic._id })).toBe(0);
  });

  it('comments.list embeds replies and comments.replies pages them, with [] when empty', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const topic = await buildTopic({ userId: author._id });
    const parent = await buildComment({ author, entityId: topic._id });
    const reply = await buildComment({
      author,
      entityType: 'comment',
      entityId: parent._id,
      content: '回复',
    });
    const list = (await trpcQuery(t, 'comments.list', { entityType: 'topic', entityId: topic._id }, token))
      .body.result?.data as CursorPage<CommentItem>;
    expect(list.results.map((item) => item.id)).toEqual([parent._id]);
    expect(list.results[0]!.replies).toEqual({
      results: [expect.objectContaining({ id: reply._id, content: '回复' })],
      cursor: String(reply._id),
      hasMore: false,
    });
    const replies = (await trpcQuery(t, 'comments.replies', { commentId: parent._id })).body.result
      ?.data as CursorPage<CommentItem>;
    expect(replies.results.map((item) => item.id)).toEqual([reply._id]);
    const empty = await trpcQuery(t, 'comments.replies', {
      commentId: parent._id,
      cursor: String(reply._id),
    });
    expect(empty.body.result?.data).toEqual({ results: [], cursor: String(reply._id), hasMore: false });
  });
});
