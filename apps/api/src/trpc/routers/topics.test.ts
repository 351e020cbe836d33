import { beforeAll, describe, expect, it } from 'vitest';
import { Topic } from '@forum/core';
import { buildAdmin, buildMutedUser, buildTopicNodes, buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();
let nodes: { defaultNodeId: number; otherNodeId: number };
beforeAll(async () => {
  nodes = await buildTopicNodes();
});

const draft = () => ({ nodeId: nodes.otherNodeId, title: '标题', content: '正文 *强调*', tags: ['ASR'] });

describe('topics procedures', () => {
  it('create, byId, edit and delete round trip in the clean shape', async () => {
    const { user, token } = await signedIn(buildUser());
    const created = await trpcMutation(t, 'topics.create', draft(), token);
    const topic = created.body.result?.data as { id: number; tags: { id: number; name: string }[] };
    expect(topic).toMatchObject({
      type: 0,
      title: '标题',
      summary: '',
      content: expect.stringContaining('<em>强调</em>'),
      imageList: [],
      user: { id: user._id, nickname: user.nickname, avatar: '' },
      node: { id: nodes.otherNodeId, name: '语音识别' },
      tags: [{ id: expect.any(Number), name: 'ASR' }],
      liked: false,
      hasHiddenContent: false,
    });
    const read = await trpcQuery(t, 'topics.byId', { id: topic.id });
    expect(read.body.result?.data).toMatchObject({ id: topic.id, viewCount: 1 });
    const form = await trpcQuery(t, 'topics.forEdit', { id: topic.id }, token);
    expect(form.body.result?.data).toEqual({
      id: topic.id,
      nodeId: nodes.otherNodeId,
      title: '标题',
      content: '正文 *强调*',
      hideContent: '',
      tags: ['ASR'],
    });
    const edited = await trpcMutation(t, 'topics.edit', { ...draft(), id: topic.id, title: '新标题' }, token);
    expect(edited.body.result?.data).toMatchObject({ id: topic.id, title: '新标题' });
    expect((await trpcMutation(t, 'topics.delete', { id: topic.id }, token)).body.result?.data).toEqual({
      deleted: true,
    });
    const gone = await trpcQuery(t, 'topics.byId', { id: topic.id });
    expect(gone.status).toBe(404);
    expect(gone.body.error?.data.appError).toEqual({ code: 'NOT_FOUND', message: '主题不存在' });
  });

  it('a visitor cannot post, a muted user gets USER_MUTED, bad input names the rule', async () => {
    expect((await trpcMutation(t, 'topics.create', draft())).status).toBe(401);
    const { token: muted } = await signedIn(buildMutedUser());
    const refused = await trpcMutation(t, 'topics.create', draft(), muted);
    expect(refused.body.error?.data.appError).toEqual({ code: 'USER_MUTED', message: '已被禁言' });
    const { user, token } = await signedIn(buildUser());
    const empty = await trpcMutation(t, 'topics.create', { ...draft(), title: '' }, token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.data.appError).toEqual({ code: 'INVALID_INPUT', message: '标题不能为空' });
    expect(await Topic.countDocuments({ userId: user._id })).toBe(0);
  });

  it('lists page with string cursors and [] when empty; sticky and recommend need a moderator', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = ((await trpcMutation(t, 'topics.create', draft(), token)).body.result?.data as { id: number })
      .id;
    const byUser = await trpcQuery(t, 'topics.byUser', { userId: user._id });
    expect(byUser.body.result?.data).toMatchObject({ results: [{ id }], cursor: String(id), hasMore: false });
    const forbidden = await trpcMutation(t, 'topics.setSticky', { id, sticky: true }, token);
    expect(forbidden.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '无权限' });
    const { token: admin } = await signedIn(buildAdmin());
    await trpcMutation(t, 'topics.setSticky', { id, sticky: true }, admin);
    await trpcMutation(t, 'topics.recommend', { id, recommend: true }, admin);
    expect((await trpcQuery(t, 'topics.sticky', {})).body.result?.data).toMatchObject([{ id, sticky: true }]);
    const recommended = await trpcQuery(t, 'topics.list', { recommend: true });
    expect(recommended.body.result?.data).toMatchObject({ results: [{ id, recommend: true }] });
    const tagId = (
      (await trpcQuery(t, 'tags.autocomplete', { input: 'as' })).body.result?.data as { id: number }[]
    )[0]!.id;
    expect((await trpcQuery(t, 'topics.list', { tagId, cursor: '1' })).body.result?.data).toEqual({
      results: [],
      cursor: '1',
      hasMore: false,
    });
  });

  it("sends the caller's abilities with the detail, and topics.abilities without counting a view", async () => {
    const { token: author } = await signedIn(buildUser());
    const { token: reader } = await signedIn(buildUser());
    const { token: admin } = await signedIn(buildAdmin());
    const id = ((await trpcMutation(t, 'topics.create', draft(), author)).body.result?.data as { id: number })
      .id;
    const none = { edit: false, delete: false, recommend: false, sticky: false };
    const detailCan = async (token?: string) =>
      ((await trpcQuery(t, 'topics.byId', { id }, token)).body.result?.data as { can: unknown }).can;
    expect(await detailCan()).toEqual(none);
    expect(await detailCan(reader)).toEqual(none);
    expect(await detailCan(author)).toEqual({ ...none, edit: true, delete: true });
    expect(await detailCan(admin)).toEqual({ edit: true, delete: true, recommend: true, sticky: true });

    const viewed = async () =>
      ((await trpcQuery(t, 'topics.byId', { id })).body.result?.data as { viewCount: number }).viewCount;
    const before = await viewed();
    expect((await trpcQuery(t, 'topics.abilities', { id }, author)).body.result?.data).toEqual({
      ...none,
      edit: true,
      delete: true,
    });
    expect((await trpcQuery(t, 'topics.abilities', { id })).body.result?.data).toEqual(none);
    expect(await viewed()).toBe(before + 1);
  });

  it('nodes.list and tags.list answer clean shapes', async () => {
    expect((await trpcQuery(t, 'nodes.list')).body.result?.data).toEqual([
      { id: nodes.defaultNodeId, name: '默认节点', description: '', logo: '' },
      { id: nodes.otherNodeId, name: '语音识别', description: 'ASR', logo: '' },
    ]);
    expect((await trpcQuery(t, 'tags.list', {})).body.result?.data).toMatchObject({
      page: 1,
      limit: 200,
      results: expect.arrayContaining([{ id: expect.any(Number), name: 'ASR' }]),
    });
  });

  it('admins manage forbidden words', async () => {
    const { token: admin } = await signedIn(buildAdmin());
    await trpcMutation(t, 'topics.addForbiddenWord', { word: '广告词' }, admin);
    expect((await trpcQuery(t, 'topics.forbiddenWords', undefined, admin)).body.result?.data).toMatchObject([
      { word: '广告词' },
    ]);
    const { token } = await signedIn(buildUser());
    const refused = await trpcMutation(t, 'topics.create', { ...draft(), content: '来看广告词' }, token);
    expect(refused.body.error?.data.appError).toEqual({
      code: 'INVALID_INPUT',
      message: '内容包含违禁词：广告词',
    });
    expect((await trpcMutation(t, 'topics.addForbiddenWord', { word: 'x' }, token)).status).toBe(403);
    await trpcMutation(t, 'topics.removeForbiddenWord', { word: '广告词' }, admin);
    expect(
      (await trpcMutation(t, 'topics.create', { ...draft(), content: '来看广告词' }, token)).status,
    ).toBe(200);
  });
});
