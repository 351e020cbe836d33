/** Reports and the moderation queue over tRPC (docs/moderation.md), on the real database and Redis. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Comment,
  OperateLog,
  Report,
  ReportDecision,
  Topic,
  User,
  saveSiteConfig,
  systemContext,
} from '@forum/core';
import { buildAdmin, buildArticle, buildComment, buildTopic, buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

afterEach(() => saveSiteConfig(systemContext(), { reportHideThreshold: 5 }));

const report = (token: string | undefined, input: Record<string, unknown>) =>
  trpcMutation(t, 'reports.create', input, token);
const appError = (result: { body: any }) => result.body.error?.data.appError;
const data = (result: { body: any }) => result.body.result?.data;

async function reporters(count: number) {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push((await signedIn(buildUser())).token);
  return tokens;
}

async function queue(token: string) {
  return data(await trpcQuery(t, 'adminReports.list', { page: 1 }, token)) as {
    total: number;
    results: any[];
  };
}

describe('reports.create', () => {
  it('asks a visitor to sign in', async () => {
    const topic = await buildTopic();
    const result = await report(undefined, { targetType: 'topic', targetId: topic._id, reason: 'spam' });
    expect(result.status).toBe(401);
  });

  it('stores one row per item and member; a second report says it was reported already', async () => {
    const [topic, { user, token }] = [await buildTopic(), await signedIn(buildUser())];
    const first = await report(token, { targetType: 'topic', targetId: topic._id, reason: 'spam' });
    expect(data(first)).toEqual({ count: 1, hidden: false });
    expect(await Report.findById(`topic:${topic._id}:${user._id}`).lean()).toMatchObject({
      reason: 'spam',
      handled: false,
    });
    const second = await report(token, { targetType: 'topic', targetId: topic._id, reason: 'abuse' });
    expect(second.status).toBe(409);
    expect(appError(second)).toEqual({ code: 'CONFLICT', message: '你已经举报过该内容，请等待管理员处理' });
    expect(await Report.countDocuments({ targetId: topic._id })).toBe(1);
  });

  it('refuses reporting oneself or one’s own content, and what does not exist', async () => {
    const { user, token } = await signedIn(buildUser());
    const own = await buildTopic({ userId: user._id });
    for (const input of [
      { targetType: 'topic', targetId: own._id, reason: 'spam' },
      { targetType: 'user', targetId: user._id, reason: 'abuse' },
    ]) {
      const result = await report(token, input);
      expect(appError(result)).toEqual({ code: 'INVALID_INPUT', message: '不能举报自己' });
    }
    const missing = await report(token, { targetType: 'comment', targetId: 99_999_999, reason: 'spam' });
    expect(missing.status).toBe(404);
    expect(appError(missing).message).toBe('举报的内容不存在');
    const deleted = await buildTopic({ status: 1 });
    expect((await report(token, { targetType: 'topic', targetId: deleted._id, reason: 'spam' })).status).toBe(
      404,
    );
  });

  it('“other” needs a text, and the reason must be one of the four', async () => {
    const [topic, { token }] = [await buildTopic(), await signedIn(buildUser())];
    const bare = await report(token, {
      targetType: 'topic',
      targetId: topic._id,
      reason: 'other',
      text: ' ',
    });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain('请填写举报说明');
    const odd = await report(token, { targetType: 'topic', targetId: topic._id, reason: 'boring' });
    expect(odd.text).toContain('请选择举报原因');
    const ok = await report(token, {
      targetType: 'topic',
      targetId: topic._id,
      reason: 'other',
      text: '抄袭',
    });
    expect(data(ok)).toMatchObject({ count: 1 });
  });
});

describe('the moderation queue', () => {
  it('groups reports by item with the count, reasons, reporters and the item in context', async () => {
    const { token: admin } = await signedIn(buildAdmin());
    const author = await buildUser({ nickname: '作者甲' });
    const topic = await buildTopic({ userId: author._id, title: '卖课广告' });
    const [a, b] = [await signedIn(buildUser({ nickname: '举报人一' })), await signedIn(buildUser())];
    await report(a.token, { targetType: 'topic', targetId: topic._id, reason: 'spam' });
    await report(b.token, { targetType: 'topic', targetId: topic._id, reason: 'other', text: '重复发帖' });
    const { results } = await queue(admin);
    const item = results.find((entry) => entry.targetType === 'topic' && entry.targetId === topic._id);
    expect(item).toMatchObject({
      count: 2,
      reasons: { spam: 1, abuse: 0, offTopic: 0, other: 1 },
      hidden: false,
      target: {
        exists: true,
        title: '卖课广告',
        url: `/topic/${topic._id}`,
        author: { id: author._id, nickname: '作者甲' },
      },
    });
    expect(item.reports.map((entry: any) => [entry.reporter.nickname, entry.reason, entry.text])).toEqual([
      ['举报人一', 'spam', ''],
      [b.user.nickname, 'other', '重复发帖'],
    ]);
  });

  it('is the moderators’ own: a member can neither list nor handle it', async () => {
    const [{ token }, topic] = [await signedIn(buildUser()), await buildTopic()];
    expect((await trpcQuery(t, 'adminReports.list', { page: 1 }, token)).status).toBe(403);
    const handle = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'topic', targetId: topic._id, action: 'dismiss' },
      token,
    );
    expect(handle.status).toBe(403);
  });

  it('hides a topic reported by the threshold’s number of members; dismissing shows it again', async () => {
    await saveSiteConfig(systemContext(), { reportHideThreshold: 2 });
    const [{ user: admin, token: adminToken }, topic] = [await signedIn(buildAdmin()), await buildTopic()];
    const [first, second] = await reporters(2);
    expect(data(await report(first, { targetType: 'topic', targetId: topic._id, reason: 'spam' }))).toEqual({
      count: 1,
      hidden: false,
    });
    expect(data(await report(second, { targetType: 'topic', targetId: topic._id, reason: 'abuse' }))).toEqual(
      {
        count: 2,
        hidden: true,
      },
    );
    expect((await Topic.findById(topic._id).lean())?.status).toBe(2);
    expect((await trpcQuery(t, 'topics.byId', { id: topic._id })).status).toBe(404);
    expect((await queue(adminToken)).results.find((entry) => entry.targetId === topic._id)?.hidden).toBe(
      true,
    );

    const handled = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'topic', targetId: topic._id, action: 'dismiss' },
      adminToken,
    );
    expect(data(handled)).toEqual({ action: 'dismiss', count: 2 });
    expect((await Topic.findById(topic._id).lean())?.status).toBe(0);
    expect((await trpcQuery(t, 'topics.byId', { id: topic._id })).status).toBe(200);
    expect((await queue(adminToken)).results.some((entry) => entry.targetId === topic._id)).toBe(false);
    expect(await Report.countDocuments({ targetId: topic._id, handled: true })).toBe(2);
    const decision = await ReportDecision.findOne({ targetId: topic._id }).lean();
    expect(decision).toMatchObject({ action: 'dismiss', actorId: admin._id, targetType: 'topic' });
    expect(await OperateLog.find({ dataType: 'topic', dataId: topic._id }).lean()).toMatchObject([
      { userId: admin._id, opType: 'update', description: '处理举报（2 人举报）：忽略' },
    ]);
    // Settled: handling it again finds nothing open.
    const again = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'topic', targetId: topic._id, action: 'dismiss' },
      adminToken,
    );
    expect(again.status).toBe(404);
    expect(appError(again).message).toBe('该内容没有待处理的举报');
  });

  it('a threshold of 0 never hides', async () => {
    await saveSiteConfig(systemContext(), { reportHideThreshold: 0 });
    const comment = await buildComment();
    const [token] = await reporters(1);
    expect(
      data(await report(token, { targetType: 'comment', targetId: comment._id, reason: 'spam' })),
    ).toEqual({
      count: 1,
      hidden: false,
    });
    expect((await Comment.findById(comment._id).lean())?.status).toBe(0);
  });

  it('deletes reported content, also content the reports hid, and logs it', async () => {
    await saveSiteConfig(systemContext(), { reportHideThreshold: 1 });
    const [{ user: admin, token: adminToken }, comment, article] = [
      await signedIn(buildAdmin()),
      await buildComment({ content: '辱骂内容' }),
      await buildArticle(),
    ];
    const [token] = await reporters(1);
    expect(
      data(await report(token, { targetType: 'comment', targetId: comment._id, reason: 'abuse' })),
    ).toMatchObject({
      hidden: true,
    });
    expect((await Comment.findById(comment._id).lean())?.status).toBe(2);
    await report(token, { targetType: 'article', targetId: article._id, reason: 'spam' });
    for (const [targetType, targetId] of [
      ['comment', comment._id],
      ['article', article._id],
    ] as const) {
      const result = await trpcMutation(
        t,
        'adminReports.handle',
        { targetType, targetId, action: 'delete' },
        adminToken,
      );
      expect(data(result)).toEqual({ action: 'delete', count: 1 });
    }
    expect((await Comment.findById(comment._id).lean())?.status).toBe(1);
    const logs = await OperateLog.find({ userId: admin._id }).sort({ _id: 1 }).lean();
    expect(logs.map((row) => [row.dataType, row.opType, row.description])).toEqual([
      ['comment', 'delete', ''],
      ['comment', 'update', '处理举报（1 人举报）：删除内容'],
      ['article', 'delete', ''],
      ['article', 'update', '处理举报（1 人举报）：删除内容'],
    ]);
  });

  it('cannot delete a member; mutes a reported member for the days chosen', async () => {
    const [{ token: adminToken }, target] = [await signedIn(buildAdmin()), await buildUser()];
    const [token] = await reporters(1);
    await report(token, { targetType: 'user', targetId: target._id, reason: 'abuse' });
    const deleting = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'user', targetId: target._id, action: 'delete' },
      adminToken,
    );
    expect(appError(deleting)).toEqual({ code: 'INVALID_INPUT', message: '不能删除用户，请选择禁言' });
    const noDays = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'user', targetId: target._id, action: 'mute' },
      adminToken,
    );
    expect(noDays.text).toContain('请选择禁言时长');
    const muting = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'user', targetId: target._id, action: 'mute', days: 3 },
      adminToken,
    );
    expect(data(muting)).toEqual({ action: 'mute', count: 1 });
    expect((await User.findById(target._id).lean())?.forbiddenEndTime).toBeGreaterThan(Date.now());
    const logs = await OperateLog.find({ dataType: 'user', dataId: target._id }).sort({ _id: 1 }).lean();
    expect(logs.map((row) => [row.opType, row.description])).toEqual([
      ['forbidden', '禁言原因：被多人举报（禁言 3 天）'],
      ['update', '处理举报（1 人举报）：禁言作者'],
    ]);
  });

  it('an admin muting the author of a reported topic may not mute another admin', async () => {
    const [{ token: adminToken }, otherAdmin] = [await signedIn(buildAdmin()), await buildAdmin()];
    const topic = await buildTopic({ userId: otherAdmin._id });
    const [token] = await reporters(1);
    await report(token, { targetType: 'topic', targetId: topic._id, reason: 'offTopic' });
    const result = await trpcMutation(
      t,
      'adminReports.handle',
      { targetType: 'topic', targetId: topic._id, action: 'mute', days: 7 },
      adminToken,
    );
    expect(result.status).toBe(403);
    expect(await Report.countDocuments({ targetId: topic._id, handled: false })).toBe(1);
  });

  it('limits how many reports a member files', async () => {
    const { token } = await signedIn(buildUser());
    let last;
    for (let i = 0; i < 21; i++) {
      const topic = await buildTopic();
      last = await report(token, { targetType: 'topic', targetId: topic._id, reason: 'spam' });
    }
    expect(appError(last!).code).toBe('RATE_LIMITED');
  });
});
