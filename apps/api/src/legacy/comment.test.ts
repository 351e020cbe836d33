import { describe, expect, it } from 'vitest';
import {
  Comment,
  User,
  readTopic,
  readUser,
  saveSiteConfig,
  type CommentDoc,
  type UserDoc,
} from '@forum/core';
import {
  buildComment,
  buildMutedUser,
  buildTopic,
  buildUser,
  commentOf,
  findXss,
  signedIn,
  topicCounters,
  xssCorpus,
  contextFor,
} from '@forum/core/testing';
import { coded, legacyGet, legacyPost, refusal, success } from '../test/client';
import { userInfo } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';

const t = useTestApi();

/** The legacy CommentResponse of a stored comment with nothing embedded. */
function commentResponse(comment: CommentDoc, user: ReturnType<typeof userInfo>, overrides: object = {}) {
  return {
    commentId: comment._id,
    user,
    entityType: comment.entityType,
    entityId: comment.entityId,
    content: comment.content,
    imageList: null,
    likeCount: 0,
    commentCount: 0,
    liked: false,
    quoteId: comment.quoteId,
    quote: null,
    replies: null,
    status: 0,
    createTime: comment.createTime,
    ...overrides,
  };
}

async function commentsBy(user: UserDoc): Promise<number> {
  return Comment.countDocuments({ userId: user._id });
}

describe('POST /api/comment/create', () => {
  it('comments on a topic: the CommentResponse, and the topic and author counters', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const body = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'topic', entityId: topic._id, content: '  你好 <b>世界</b>  ' },
      token,
    );
    const stored = await Comment.findOne({ userId: me._id }).lean<CommentDoc>();
    expect(stored).toMatchObject({ content: '你好 <b>世界</b>', contentType: 'text', status: 0 });
    expect(body).toEqual(
      success(
        commentResponse(stored!, userInfo(me, { commentCount: 1 }), {
          content: '你好 &lt;b&gt;世界&lt;/b&gt;',
        }),
      ),
    );
    const after = await readTopic(topic._id);
    expect(after).toMatchObject({
      commentCount: 1,
      lastCommentUserId: me._id,
      lastCommentTime: stored!.createTime,
    });
    expect((await readUser(me._id))?.commentCount).toBe(1);
  });

  it('renders markdown and sanitises html content', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const markdown = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'topic', entityId: topic._id, content: '**粗体**', contentType: 'markdown' },
      token,
    );
    expect((markdown.data as { content: string }).content).toContain('<strong>粗体</strong>');
    const html = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'topic', entityId: topic._id, content: '<p onclick="x()">段落</p>', contentType: 'html' },
      token,
    );
    expect((html.data as { content: string }).content).toBe('<p>段落</p>');
  });

  it('a reply raises the parent reply count, not the topic count, and quotes what it answers', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const parent = await buildComment({ author, entityId: topic._id, content: '楼主' });
    const first = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'comment', entityId: parent._id, content: '回复一' },
      token,
    );
    const firstId = (first.data as { commentId: number }).commentId;
    // Answering a reply joins the thread of its top-level comment and quotes the reply.
    const second = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'comment', entityId: firstId, content: '回复二' },
      token,
    );
    const reply = await commentOf((second.data as { commentId: number }).commentId);
    expect(reply).toMatchObject({ entityType: 'comment', entityId: parent._id, quoteId: firstId });
    expect(second).toEqual(
      success(
        commentResponse(reply, userInfo(me, { commentCount: 2 }), {
          quote: commentResponse(await commentOf(firstId), userInfo(me, { commentCount: 2 })),
        }),
      ),
    );
    expect((await commentOf(parent._id)).commentCount).toBe(2);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 1, likeCount: 0 });
  });

  it('asks a visitor to sign in (1) and refuses a muted user (1001); nothing is stored', async () => {
    const [{ user: author }, { user: muted, token }] = [
      await signedIn(buildUser()),
      await signedIn(buildMutedUser()),
    ];
    const topic = await buildTopic({ userId: author._id });
    const values = { entityType: 'topic', entityId: topic._id, content: '你好' };
    expect(await legacyPost(t, '/api/comment/create', values)).toEqual(coded(1, '请先登录'));
    expect(await legacyPost(t, '/api/comment/create', values, token)).toEqual(coded(1001, '已被禁言'));
    expect(await commentsBy(muted)).toBe(0);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 0 });
  });

  it.each([
    ['blank content', { content: '   ' }, '请输入评论内容'],
    ['oversized content', { content: '字'.repeat(5001) }, '评论内容不能超过5000个字符'],
    ['no entity id', { entityId: '0' }, '参数非法'],
    ['no entity type', { entityType: '' }, '参数非法'],
    ['an unknown entity type', { entityType: 'project' }, '不支持评论该类型的内容'],
    ['a missing topic', { entityId: '99999999' }, '评论的对象不存在'],
    ['a missing parent comment', { entityType: 'comment', entityId: '99999999' }, '评论的对象不存在'],
    ['a quote from elsewhere', { quoteId: '99999999' }, '引用的评论不存在'],
  ])('refuses %s with a clear message and stores nothing', async (_name, override, text) => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const values = { entityType: 'topic', entityId: String(topic._id), content: '你好', ...override };
    expect(await legacyPost(t, '/api/comment/create', values, token)).toEqual(refusal(text));
    expect(await commentsBy(me)).toBe(0);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 0 });
    expect((await readUser(me._id))?.commentCount).toBe(0);
  });

  it('refuses a comment on a deleted topic', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id, status: 1 });
    const body = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'topic', entityId: topic._id, content: '你好' },
      token,
    );
    expect(body).toEqual(refusal('评论的对象不存在'));
    expect(await commentsBy(me)).toBe(0);
  });

  it('asks an unverified user to verify the e-mail when the site requires it ("1004: 请先验证邮箱")', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const { token: verifiedToken } = await signedIn(buildUser({ emailVerified: true }));
    const topic = await buildTopic({ userId: author._id });
    await saveSiteConfig(contextFor(author), { createCommentEmailVerified: true });
    try {
      const values = { entityType: 'topic', entityId: topic._id, content: '你好' };
      expect(await legacyPost(t, '/api/comment/create', values, token)).toEqual(
        refusal('1004: 请先验证邮箱'),
      );
      expect(await commentsBy(me)).toBe(0);
      expect((await legacyPost(t, '/api/comment/create', values, verifiedToken)).success).toBe(true);
    } finally {
      await saveSiteConfig(contextFor(author), { createCommentEmailVerified: false });
    }
  });

  it('limits how fast one user comments', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const values = { entityType: 'topic', entityId: topic._id, content: '快' };
    for (let i = 0; i < 10; i++)
      expect((await legacyPost(t, '/api/comment/create', values, token)).success).toBe(true);
    expect(await legacyPost(t, '/api/comment/create', values, token)).toEqual(
      refusal('操作过于频繁，请稍后再试'),
    );
    expect(await commentsBy(me)).toBe(10);
  });

  it('counts concurrent comments exactly: 10 users at once give commentCount 10', async () => {
    const author = await buildUser();
    const topic = await buildTopic({ userId: author._id });
    const users = await Promise.all(Array.from({ length: 10 }, () => signedIn(buildUser())));
    const bodies = await Promise.all(
      users.map(({ token }) =>
        legacyPost(
          t,
          '/api/comment/create',
          { entityType: 'topic', entityId: topic._id, content: '同时' },
          token,
        ),
      ),
    );
    expect(bodies.every((body) => body.success)).toBe(true);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 10, likeCount: 0 });
    const parent = await buildComment({ author, entityId: topic._id });
    await Promise.all(
      users.map(({ token }) =>
        legacyPost(
          t,
          '/api/comment/create',
          { entityType: 'comment', entityId: parent._id, content: '回复' },
          token,
        ),
      ),
    );
    expect((await commentOf(parent._id)).commentCount).toBe(10);
  });

  it.each(['text', 'markdown', 'html'])(
    'no XSS payload survives in %s comments, on creation or in the list',
    async (contentType) => {
      const author = await buildUser();
      const topic = await buildTopic({ userId: author._id });
      // A few commenters at a time, each posting a few payloads: under the per-user rate limit.
      const batches: (typeof xssCorpus)[number][][] = [];
      for (let i = 0; i < xssCorpus.length; i += 5) batches.push(xssCorpus.slice(i, i + 5));
      for (let i = 0; i < batches.length; i += 4) {
        await Promise.all(
          batches.slice(i, i + 4).map(async (batch) => {
            const { token } = await signedIn(buildUser());
            for (const payload of batch) {
              const body = await legacyPost(
                t,
                '/api/comment/create',
                { entityType: 'topic', entityId: topic._id, content: payload.input, contentType },
                token,
              );
              expect(body.success, payload.name).toBe(true);
              expect(findXss((body.data as { content: string }).content), payload.name).toEqual([]);
            }
          }),
        );
      }
      let cursor = '0';
      let listed = 0;
      for (;;) {
        const page = (
          await legacyGet(t, '/api/comment/comments', { entityType: 'topic', entityId: topic._id, cursor })
        ).data as { results: { content: string }[] | null; cursor: string; hasMore: boolean };
        for (const item of page.results ?? []) expect(findXss(item.content)).toEqual([]);
        listed += page.results?.length ?? 0;
        if (!page.hasMore) break;
        cursor = page.cursor;
      }
      expect(listed).toBe(xssCorpus.length);
    },
    120_000,
  );
});

describe('GET /api/comment/comments', () => {
  it('lists top-level comments newest first with the first three replies embedded', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const first = await buildComment({ author, entityId: topic._id, content: '一楼' });
    const second = await buildComment({
      author: me,
      entityId: topic._id,
      content: '二楼',
    });
    const replies: CommentDoc[] = [];
    for (let i = 1; i <= 4; i++)
      replies.push(
        await buildComment({ author: me, entityType: 'comment', entityId: first._id, content: `回复${i}` }),
      );
    await legacyPost(t, `/api/comment/like/${second._id}`, {}, token);

    const body = await legacyGet(
      t,
      '/api/comment/comments',
      { entityType: 'topic', entityId: topic._id },
      token,
    );
    // The topic was written straight to the database; its author's count is the size of their list.
    const authorInfo = userInfo(author, { commentCount: 1, topicCount: 1 });
    const myInfo = userInfo(me, { commentCount: 5 });
    expect(body).toEqual(
      success({
        results: [
          commentResponse(second, myInfo, { likeCount: 1, liked: true }),
          commentResponse(first, authorInfo, {
            commentCount: 4,
            replies: {
              results: replies.slice(0, 3).map((reply) => commentResponse(reply, myInfo)),
              cursor: String(replies[2]!._id),
              hasMore: true,
            },
          }),
        ],
        cursor: String(first._id),
        hasMore: false,
      }),
    );
  });

  it('pages by the last id, 20 a page, and echoes the cursor on an empty page', async () => {
    const author = await buildUser();
    const topic = await buildTopic({ userId: author._id });
    const made: CommentDoc[] = [];
    for (let i = 0; i < 21; i++)
      made.push(
        await buildComment({
          entityId: topic._id,
          content: `第${i}`,
        }),
      );
    const page1 = (await legacyGet(t, '/api/comment/comments', { entityType: 'topic', entityId: topic._id }))
      .data as {
      results: { commentId: number }[];
      cursor: string;
      hasMore: boolean;
    };
    expect(page1.results.map((item) => item.commentId)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((c) => c._id),
    );
    expect(page1).toMatchObject({ cursor: String(made[1]!._id), hasMore: true });
    const page2 = await legacyGet(t, '/api/comment/comments', {
      entityType: 'topic',
      entityId: topic._id,
      cursor: page1.cursor,
    });
    expect(
      (page2.data as { results: { commentId: number }[] }).results.map((item) => item.commentId),
    ).toEqual([made[0]!._id]);
    const empty = await legacyGet(t, '/api/comment/comments', {
      entityType: 'topic',
      entityId: topic._id,
      cursor: made[0]!._id,
    });
    expect(empty).toEqual(success({ results: null, cursor: String(made[0]!._id), hasMore: false }));
  });

  it('asks for entityType and entityId in bbs-go words', async () => {
    expect(await legacyGet(t, '/api/comment/comments', { entityId: 1 })).toEqual(
      refusal('参数：entityType不能为空'),
    );
    expect(await legacyGet(t, '/api/comment/comments', { entityType: 'topic' })).toEqual(
      refusal("unable to find param value 'entityId'"),
    );
    expect(await legacyGet(t, '/api/comment/comments', { entityType: 'topic', entityId: 'x' })).toEqual(
      refusal('strconv.ParseInt: parsing "x": invalid syntax'),
    );
  });
});

describe('GET /api/comment/replies', () => {
  it('lists replies oldest first, 10 a page, each with its quote and liked flag', async () => {
    const [{ user: author, token }, me] = [await signedIn(buildUser()), await buildUser()];
    const topic = await buildTopic({ userId: author._id });
    const parent = await buildComment({ author, entityId: topic._id });
    const replies: CommentDoc[] = [];
    for (let i = 0; i < 11; i++) {
      const who = await buildUser();
      replies.push(
        await buildComment({
          author: who,
          entityType: 'comment',
          entityId: parent._id,
          content: `回复${i}`,
          quoteId: replies[0]?._id ?? 0,
        }),
      );
    }
    await legacyPost(t, `/api/comment/like/${replies[1]!._id}`, {}, token);
    const body = await legacyGet(t, '/api/comment/replies', { commentId: parent._id }, token);
    const page = body.data as {
      results: { commentId: number; quote: unknown; liked: boolean }[];
      cursor: string;
      hasMore: boolean;
    };
    expect(page.results.map((item) => item.commentId)).toEqual(replies.slice(0, 10).map((r) => r._id));
    expect(page).toMatchObject({ cursor: String(replies[9]!._id), hasMore: true });
    expect(page.results[0]!.quote).toBeNull();
    const firstUser = await User.findById(replies[0]!.userId).lean<UserDoc>();
    expect(page.results[1]).toEqual(
      commentResponse(
        replies[1]!,
        userInfo((await User.findById(replies[1]!.userId).lean<UserDoc>())!, { commentCount: 1 }),
        {
          likeCount: 1,
          liked: true,
          quote: commentResponse(replies[0]!, userInfo(firstUser!, { commentCount: 1 })),
        },
      ),
    );
    const rest = await legacyGet(t, '/api/comment/replies', { commentId: parent._id, cursor: page.cursor });
    expect((rest.data as { results: { commentId: number }[] }).results.map((item) => item.commentId)).toEqual(
      [replies[10]!._id],
    );
    expect(await legacyGet(t, '/api/comment/replies', { commentId: 0 })).toEqual(
      success({ results: null, cursor: '0', hasMore: false }),
    );
    expect(me._id).toBeGreaterThan(0);
  });
});

describe('POST /api/comment/like/{id}', () => {
  it('likes a comment once; a second like answers "已点赞"', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const comment = await buildComment({ author, entityId: topic._id });
    expect(await legacyPost(t, `/api/comment/like/${comment._id}`, {}, token)).toEqual(success(null));
    expect(await legacyPost(t, `/api/comment/like/${comment._id}`, {}, token)).toEqual(refusal('已点赞'));
    expect((await commentOf(comment._id)).likeCount).toBe(1);
  });

  it('answers "评论不存在" for a missing comment, 1 for a visitor, 1001 for a muted user', async () => {
    const author = await buildUser();
    const { token: mutedToken } = await signedIn(buildUser({ forbiddenEndTime: Date.now() + 3600_000 }));
    const { token } = await signedIn(buildUser());
    const topic = await buildTopic({ userId: author._id });
    const comment = await buildComment({ author, entityId: topic._id });
    expect(await legacyPost(t, '/api/comment/like/99999999', {}, token)).toEqual(refusal('评论不存在'));
    expect(await legacyPost(t, `/api/comment/like/${comment._id}`)).toEqual(coded(1, '请先登录'));
    expect(await legacyPost(t, `/api/comment/like/${comment._id}`, {}, mutedToken)).toEqual(
      coded(1001, '已被禁言'),
    );
    expect((await commentOf(comment._id)).likeCount).toBe(0);
  });
});
