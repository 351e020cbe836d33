import { beforeAll, describe, expect, it } from 'vitest';
import {
  EntityCount,
  OperateLog,
  Tag,
  Topic,
  addForbiddenWord,
  flushCounts,
  getQueue,
  readTopic,
  readUser,
  reprojectTopic,
  kv,
  kvKey,
  requestCaptcha,
  saveSiteConfig,
} from '@forum/core';
import {
  buildAdmin,
  buildMutedUser,
  buildOwner,
  buildTopicNodes,
  buildUser,
  contextFor,
  signedIn,
} from '@forum/core/testing';
import { coded, legacyGet, legacyPost, refusal, success } from '../test/client';
import { tagResponses, userInfo } from '../test/legacy-shapes';
import { siteOwner, useTestApi } from '../test/harness';
import { uploadedImageUrl } from '../test/uploads-helpers';

const t = useTestApi();
let nodes: { defaultNodeId: number; otherNodeId: number };
beforeAll(async () => {
  nodes = await buildTopicNodes();
});

const TOPIC_KEYS = [
  'topicId',
  'type',
  'user',
  'node',
  'tags',
  'title',
  'summary',
  'content',
  'imageList',
  'lastCommentTime',
  'viewCount',
  'commentCount',
  'likeCount',
  'liked',
  'createTime',
  'recommend',
  'recommendTime',
  'sticky',
  'stickyTime',
];

const otherNode = () => ({ nodeId: nodes.otherNodeId, name: '语音识别', logo: '', description: 'ASR' });

function topicForm(values: Record<string, string | number> = {}) {
  return { nodeId: nodes.otherNodeId, title: '语音识别入门', content: '# 你好\n\n这是**正文**', ...values };
}

async function create(token: string, values: Record<string, string | number> = {}) {
  return legacyPost(t, '/api/topic/create', topicForm(values), token);
}

async function createdId(token: string, values: Record<string, string | number> = {}): Promise<number> {
  const body = await create(token, values);
  expect(body.success, body.message).toBe(true);
  return (body.data as { topicId: number }).topicId;
}

describe('POST /api/topic/create', () => {
  it('publishes a topic and answers the simple TopicResponse in legacy key order', async () => {
    const { user, token } = await signedIn(buildUser());
    const body = await create(token, { tags: ' ASR , 语音,asr,' });
    const data = body.data as Record<string, unknown>;
    expect(body).toEqual(
      success({
        topicId: expect.any(Number),
        type: 0,
        user: userInfo(user, { topicCount: 1 }),
        node: otherNode(),
        tags: await tagResponses('ASR', '语音'),
        title: '语音识别入门',
        summary: '你好 这是正文',
        content: '',
        imageList: null,
        lastCommentTime: data.createTime,
        viewCount: 0,
        commentCount: 0,
        likeCount: 0,
        liked: false,
        createTime: expect.any(Number),
        recommend: false,
        recommendTime: 0,
        sticky: false,
        stickyTime: 0,
      }),
    );
    expect(Object.keys(data)).toEqual(TOPIC_KEYS);
    const stored = await Topic.findById(data.topicId).lean();
    expect(stored).toMatchObject({ userId: user._id, nodeId: nodes.otherNodeId, status: 0, type: 0 });
    // The insert keeps its event, and its jobs are queued.
    expect(stored!.outbox?.map((event) => event.type)).toEqual(['topic.created']);
    expect(await getQueue('search').getJob(stored!.outbox![0]!.id)).toBeTruthy();
    expect((await readUser(user._id))!.topicCount).toBe(1);
  });

  it('publishes a tweet: escaped text, images with previews, no summary', async () => {
    const { token } = await signedIn(buildUser());
    const url = uploadedImageUrl();
    const body = await legacyPost(
      t,
      '/api/topic/create',
      { type: 1, nodeId: nodes.otherNodeId, content: '<b>hi</b> 你好', imageList: JSON.stringify([{ url }]) },
      token,
    );
    expect(body.data).toMatchObject({
      type: 1,
      title: '',
      summary: '',
      content: '&lt;b&gt;hi&lt;/b&gt; 你好',
      imageList: [{ url, preview: url }],
      tags: null,
    });
  });

  it('an image-only tweet shows 分享图片; a tweet with neither is refused', async () => {
    const { user, token } = await signedIn(buildUser());
    const url = uploadedImageUrl();
    const imageOnly = await legacyPost(
      t,
      '/api/topic/create',
      { type: 1, imageList: JSON.stringify([{ url }]), nodeId: nodes.otherNodeId },
      token,
    );
    expect(imageOnly.data).toMatchObject({ content: '分享图片', imageList: [{ url, preview: url }] });
    expect(await legacyPost(t, '/api/topic/create', { type: 1, content: '  ', nodeId: 1 }, token)).toEqual(
      refusal('内容或图片不能为空'),
    );
    expect(await Topic.countDocuments({ userId: user._id })).toBe(1);
  });

  it('refuses images that are not our uploads', async () => {
    const { user, token } = await signedIn(buildUser());
    const body = await legacyPost(
      t,
      '/api/topic/create',
      {
        type: 1,
        content: 'x',
        imageList: JSON.stringify([{ url: 'https://evil.example/a.png' }]),
        nodeId: 1,
      },
      token,
    );
    expect(body).toEqual(refusal('图片地址无效，请重新上传'));
    expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
  });

  it.each([
    ['an empty title', { title: '  ' }, '标题不能为空'],
    ['a title of 129 characters', { title: '题'.repeat(129) }, '标题长度不能超过128'],
    ['an empty body', { content: '' }, '内容不能为空'],
    ['a body of 20001 characters', { content: '字'.repeat(20_001) }, '内容长度不能超过20000'],
    ['an unknown node', { nodeId: 987_654 }, '节点不存在'],
    ['four tags', { tags: 'a,b,c,d' }, '标签最多3个'],
    ['a tag of 16 characters', { tags: `ok,${'标'.repeat(16)}` }, '标签长度不能超过15'],
  ])('%s is refused with a clear message and nothing is stored', async (_name, values, text) => {
    const { user, token } = await signedIn(buildUser());
    const tagsBefore = await Tag.countDocuments({});
    expect(await create(token, values)).toEqual(refusal(text));
    expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
    expect(await Tag.countDocuments({})).toBe(tagsBefore);
    expect((await readUser(user._id))!.topicCount).toBe(0);
  });

  it('without a node and with no default node configured, 请选择节点 and nothing is stored', async () => {
    const owner = await siteOwner();
    await saveSiteConfig(contextFor(owner), { defaultNodeId: 0 });
    try {
      const { user, token } = await signedIn(buildUser());
      expect(await create(token, { nodeId: 0 })).toEqual(refusal('请选择节点'));
      expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
    } finally {
      await saveSiteConfig(contextFor(owner), { defaultNodeId: 1 });
    }
  });

  it('a visitor must sign in (1) and a muted user is refused (1001)', async () => {
    expect(await legacyPost(t, '/api/topic/create', topicForm())).toEqual(coded(1, '请先登录'));
    const { user, token } = await signedIn(buildMutedUser());
    expect(await create(token)).toEqual(coded(1001, '已被禁言'));
    expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
  });

  it('asks for a captcha when topicCaptcha is on, as the legacy "1000: 验证码错误" message', async () => {
    const owner = await siteOwner();
    await saveSiteConfig(contextFor(owner), { topicCaptcha: true });
    try {
      const { user, token } = await signedIn(buildUser());
      expect(await create(token)).toEqual(refusal('1000: 验证码错误'));
      const captchaId = await requestCaptcha('', null);
      const captchaCode = (await kv().get(kvKey('captcha', captchaId)))!;
      expect(await create(token, { captchaId, captchaCode: `${captchaCode}0` })).toEqual(
        refusal('1000: 验证码错误'),
      );
      expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
      const fresh = await requestCaptcha('', null);
      const code = (await kv().get(kvKey('captcha', fresh)))!;
      expect((await create(token, { captchaId: fresh, captchaCode: code })).success).toBe(true);
    } finally {
      await saveSiteConfig(contextFor(owner), { topicCaptcha: false });
    }
  });

  it('requires a verified e-mail when createTopicEmailVerified is on ("1004: 请先验证邮箱")', async () => {
    const owner = await siteOwner();
    await saveSiteConfig(contextFor(owner), { createTopicEmailVerified: true });
    try {
      const { user, token } = await signedIn(buildUser());
      expect(await create(token)).toEqual(refusal('1004: 请先验证邮箱'));
      expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
      const { token: verified } = await signedIn(buildUser({ email: 'v@example.com', emailVerified: true }));
      expect((await create(verified)).success).toBe(true);
    } finally {
      await saveSiteConfig(contextFor(owner), { createTopicEmailVerified: false });
    }
  });

  it('limits one author to 10 topics in 10 minutes', async () => {
    const { user, token } = await signedIn(buildUser());
    for (let i = 0; i < 10; i++) expect((await create(token, { title: `第${i}篇` })).success).toBe(true);
    expect(await create(token, { title: '第11篇' })).toEqual(refusal('操作过于频繁，请稍后再试'));
    expect(await Topic.countDocuments({ userId: user._id })).toBe(10);
  });

  it('refuses a forbidden word in the title or the body, whatever its case', async () => {
    await addForbiddenWord(contextFor(await siteOwner()), { word: 'SpamWord' });
    const { user, token } = await signedIn(buildUser());
    expect(await create(token, { title: '买 spamword 吧' })).toEqual(refusal('内容包含违禁词：SpamWord'));
    expect(await create(token, { content: '正文 SPAMWORD' })).toEqual(refusal('内容包含违禁词：SpamWord'));
    expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
  });
});

describe('GET /api/topic/{id}', () => {
  it('answers the detail TopicResponse with rendered HTML and counts every view', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token, { content: '正文 **粗体**' });
    const first = await legacyGet(t, `/api/topic/${id}`);
    expect(first).toEqual(
      success(
        expect.objectContaining({
          topicId: id,
          user: userInfo(user, { topicCount: 1 }),
          summary: '',
          content: expect.stringContaining('<strong>粗体</strong>'),
          viewCount: 1,
        }),
      ),
    );
    // The detail adds the reader's `favorited` (late-2022 clients) after the legacy fields.
    expect(Object.keys(first.data as object)).toEqual([...TOPIC_KEYS, 'favorited']);
    expect((await legacyGet(t, `/api/topic/${id}`)).data).toMatchObject({ viewCount: 2 });
    // Views are counted in the read model; their one writer to MongoDB is the flush.
    await flushCounts();
    expect((await EntityCount.findById(`topic:${id}`).lean())!.counts).toMatchObject({ viewCount: 2 });
  });

  it('a missing or deleted topic answers 主题不存在; a non-numeric id is not a route', async () => {
    expect(await legacyGet(t, '/api/topic/99999999')).toEqual(refusal('主题不存在'));
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    await Topic.updateOne({ _id: id }, { $set: { status: 1 } });
    await reprojectTopic(id);
    expect(await legacyGet(t, `/api/topic/${id}`)).toEqual(refusal('主题不存在'));
    expect((await fetch(`${t.baseUrl}/api/topic/abc`)).status).toBe(404);
  });
});

describe('/api/topic/edit/{id}', () => {
  it('GET gives the author the raw Markdown and tag names', async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token, { tags: 'ASR', hideContent: '隐藏' });
    expect(await legacyGet(t, `/api/topic/edit/${id}`, {}, token)).toEqual(
      success({
        topicId: id,
        nodeId: nodes.otherNodeId,
        title: '语音识别入门',
        content: '# 你好\n\n这是**正文**',
        hideContent: '隐藏',
        tags: ['ASR'],
      }),
    );
  });

  it('POST returns the updated topic and writes an operation log row', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token, { tags: 'ASR' });
    const body = await legacyPost(
      t,
      `/api/topic/edit/${id}`,
      { nodeId: nodes.defaultNodeId, title: '新标题', content: '新正文', tags: '' },
      token,
    );
    expect(body.data).toMatchObject({
      topicId: id,
      title: '新标题',
      summary: '新正文',
      tags: null,
      node: { nodeId: nodes.defaultNodeId, name: '默认节点' },
    });
    expect(await OperateLog.find({ dataId: id, dataType: 'topic' }).lean()).toMatchObject([
      { userId: user._id, opType: 'update' },
    ]);
  });

  it("someone else's topic answers 无权限 and stays unchanged; an admin may edit it", async () => {
    const { token: authorToken } = await signedIn(buildUser());
    const id = await createdId(authorToken);
    const { token: strangerToken } = await signedIn(buildUser());
    expect(await legacyGet(t, `/api/topic/edit/${id}`, {}, strangerToken)).toEqual(refusal('无权限'));
    expect(await legacyPost(t, `/api/topic/edit/${id}`, topicForm({ title: '改掉' }), strangerToken)).toEqual(
      refusal('无权限'),
    );
    expect((await Topic.findById(id).lean())!.title).toBe('语音识别入门');
    const { token: adminToken } = await signedIn(buildAdmin());
    expect(
      (await legacyPost(t, `/api/topic/edit/${id}`, topicForm({ title: '管理员改' }), adminToken)).data,
    ).toMatchObject({ title: '管理员改' });
  });

  it('a tweet cannot be edited, and edits follow the creation rules', async () => {
    const { token } = await signedIn(buildUser());
    const tweet = await legacyPost(t, '/api/topic/create', { type: 1, content: '推文', nodeId: 1 }, token);
    const tweetId = (tweet.data as { topicId: number }).topicId;
    expect(await legacyGet(t, `/api/topic/edit/${tweetId}`, {}, token)).toEqual(
      refusal('当前类型帖子不支持修改'),
    );
    expect(await legacyPost(t, `/api/topic/edit/${tweetId}`, topicForm(), token)).toEqual(
      refusal('当前类型帖子不支持修改'),
    );
    expect((await Topic.findById(tweetId).lean())!.content).toBe('推文');
    const id = await createdId(token);
    expect(await legacyPost(t, `/api/topic/edit/${id}`, topicForm({ title: '' }), token)).toEqual(
      refusal('标题不能为空'),
    );
    expect(await legacyPost(t, `/api/topic/edit/${id}`, topicForm({ nodeId: 0 }), token)).toEqual(
      refusal('节点不存在'),
    );
    expect(await legacyGet(t, '/api/topic/edit/99999999', {}, token)).toEqual(
      refusal('话题不存在或已被删除'),
    );
  });
});

describe('POST /api/topic/delete/{id}', () => {
  it('the author soft-deletes; the count drops, the log records it, deleting again succeeds', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token);
    expect(await legacyPost(t, `/api/topic/delete/${id}`, {}, token)).toEqual(success(null));
    expect((await Topic.findById(id).lean())!.status).toBe(1);
    expect((await readUser(user._id))!.topicCount).toBe(0);
    expect(await OperateLog.countDocuments({ dataId: id, opType: 'delete' })).toBe(1);
    expect(await legacyPost(t, `/api/topic/delete/${id}`, {}, token)).toEqual(success(null));
    expect((await readUser(user._id))!.topicCount).toBe(0);
  });

  it("someone else's topic answers 无权限 and stays", async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    const { token: stranger } = await signedIn(buildUser());
    expect(await legacyPost(t, `/api/topic/delete/${id}`, {}, stranger)).toEqual(refusal('无权限'));
    expect((await Topic.findById(id).lean())!.status).toBe(0);
  });
});

describe('POST /api/topic/recommend/{id} and /api/topic/sticky/{id}', () => {
  it('recommend checks its parameter before the caller', async () => {
    expect(await legacyPost(t, '/api/topic/recommend/1')).toEqual(
      refusal("unable to find param value 'recommend'"),
    );
    expect(await legacyPost(t, '/api/topic/recommend/1', { recommend: 'yes' })).toEqual(
      refusal('strconv.ParseBool: parsing "yes": invalid syntax'),
    );
    expect(await legacyPost(t, '/api/topic/recommend/1', { recommend: 'true' })).toEqual(
      coded(1, '请先登录'),
    );
  });

  it('only the owner and admins recommend and pin', async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    expect(await legacyPost(t, `/api/topic/recommend/${id}`, { recommend: 'true' }, token)).toEqual(
      refusal('无权限'),
    );
    expect(await legacyPost(t, `/api/topic/sticky/${id}`, { sticky: 'true' }, token)).toEqual(
      refusal('无权限'),
    );
    expect(await Topic.findById(id).lean()).toMatchObject({ recommend: false, sticky: false });

    const { token: admin } = await signedIn(buildAdmin());
    expect(await legacyPost(t, `/api/topic/recommend/${id}`, { recommend: 'true' }, admin)).toEqual(
      success(null),
    );
    expect(await legacyPost(t, `/api/topic/sticky/${id}`, { sticky: '1' }, admin)).toEqual(success(null));
    const stored = await Topic.findById(id).lean();
    expect(stored).toMatchObject({ recommend: true, sticky: true });
    expect(stored!.recommendTime).toBeGreaterThan(0);
    expect(stored!.stickyTime).toBeGreaterThan(0);
    expect(await legacyPost(t, `/api/topic/sticky/${id}`, {}, admin)).toEqual(success(null));
    expect((await Topic.findById(id).lean())!.sticky).toBe(false);
  });

  it('a missing topic answers 帖子不存在 / 话题不存在', async () => {
    const { token: admin } = await signedIn(buildAdmin());
    expect(await legacyPost(t, '/api/topic/recommend/99999999', { recommend: 'true' }, admin)).toEqual(
      refusal('帖子不存在'),
    );
    expect(await legacyPost(t, '/api/topic/sticky/99999999', { sticky: 'true' }, admin)).toEqual(
      refusal('话题不存在'),
    );
  });
});

describe('GET /api/topic/hide_content', () => {
  it('shows the hidden part to the author and to commenters only', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const id = await createdId(token, { hideContent: '**秘密**' });
    const { user: reader, token: readerToken } = await signedIn(buildUser());
    const hidden = { exists: true, show: false, content: '' };
    expect(await legacyGet(t, '/api/topic/hide_content', { topicId: id })).toEqual(success(hidden));
    expect(await legacyGet(t, '/api/topic/hide_content', { topicId: id }, readerToken)).toEqual(
      success(hidden),
    );
    const shown = await legacyGet(t, '/api/topic/hide_content', { topicId: id }, token);
    expect(shown.data).toEqual({
      exists: true,
      show: true,
      content: expect.stringContaining('<strong>秘密</strong>'),
    });
    // A real comment: the count is the size of the topic's comment list.
    const commented = await legacyPost(
      t,
      '/api/comment/create',
      { entityType: 'topic', entityId: id, content: '看看' },
      readerToken,
    );
    expect(commented.success).toBe(true);
    expect((await legacyGet(t, '/api/topic/hide_content', { topicId: id }, readerToken)).data).toMatchObject({
      show: true,
    });
    expect(await readTopic(id)).toMatchObject({ commentCount: 1, lastCommentUserId: reader._id });
    expect(author._id).not.toBe(reader._id);
  });

  it('a topic without a hidden part, or no topic, does not exist', async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    const none = success({ exists: false, show: false, content: '' });
    expect(await legacyGet(t, '/api/topic/hide_content', { topicId: id }, token)).toEqual(none);
    expect(await legacyGet(t, '/api/topic/hide_content')).toEqual(none);
  });
});

describe('nodes', () => {
  it('GET /api/topic/node answers a NodeResponse, or null', async () => {
    expect(await legacyGet(t, '/api/topic/node', { nodeId: nodes.otherNodeId })).toEqual(
      success(otherNode()),
    );
    expect(await legacyGet(t, '/api/topic/node', { nodeId: 424242 })).toEqual(success(null));
  });

  it('the owner creates, updates and lists nodes; hidden nodes leave /api/topic/nodes', async () => {
    const { token: ownerToken } = await signedIn(buildOwner());
    const created = await legacyPost(
      t,
      '/api/admin/topic-node/create',
      { name: '语音合成', description: 'TTS', logo: '', sortNo: 5, status: 0 },
      ownerToken,
    );
    const nodeId = (created.data as { id: number }).id;
    expect(created).toEqual(
      success({
        id: nodeId,
        name: '语音合成',
        description: 'TTS',
        logo: '',
        sortNo: 5,
        status: 0,
        createTime: expect.any(Number),
      }),
    );
    expect(await legacyPost(t, '/api/admin/topic-node/create', { name: '语音合成' }, ownerToken)).toEqual(
      refusal('节点「语音合成」已存在'),
    );
    expect((await legacyGet(t, '/api/topic/nodes')).data).toEqual([
      { nodeId: nodes.defaultNodeId, name: '默认节点', logo: '', description: '' },
      otherNode(),
      { nodeId, name: '语音合成', logo: '', description: 'TTS' },
    ]);
    await legacyPost(
      t,
      '/api/admin/topic-node/update',
      { id: nodeId, name: '语音合成', description: 'TTS', sortNo: 5, status: 1 },
      ownerToken,
    );
    expect((await legacyGet(t, '/api/topic/nodes')).data).toHaveLength(2);
    const list = await legacyGet(t, '/api/admin/topic-node/list', { page: 1, limit: 2 }, ownerToken);
    expect(list.data).toMatchObject({ page: { page: 1, limit: 2, total: 3 } });
    expect(await create(ownerToken, { nodeId })).toEqual(refusal('节点不存在'));
  });

  it('node admin needs the owner: visitors get 1, admins and users 2', async () => {
    expect(await legacyPost(t, '/api/admin/topic-node/create', { name: 'x' })).toEqual(coded(1, '请先登录'));
    const { token: admin } = await signedIn(buildAdmin());
    expect(await legacyPost(t, '/api/admin/topic-node/create', { name: 'x' }, admin)).toEqual(
      coded(2, '无权限'),
    );
  });
});
