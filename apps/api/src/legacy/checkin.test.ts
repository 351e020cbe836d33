import { describe, expect, it } from 'vitest';
import { changePoints, siteDayNameOf } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost, trpcQuery } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();

const CHECK_IN_KEYS = ['id', 'userId', 'latestDayName', 'consecutiveDays', 'createTime', 'updateTime'];

describe('check-in (docs/legacy-api.md §1.9)', () => {
  it('checks in once a day, answers the record with checkIn, and lists today’s rank', async () => {
    expect((await legacyGet(t, '/api/checkin/checkin')).data).toBeNull();
    const { user, token } = await signedIn(buildUser());
    expect((await legacyGet(t, '/api/checkin/checkin', {}, token)).data).toBeNull();

    expect(await legacyPost(t, '/api/checkin/checkin', {}, token)).toMatchObject({
      errorCode: 0,
      success: true,
    });
    const second = await legacyPost(t, '/api/checkin/checkin', {}, token);
    expect(second).toMatchObject({ success: false, message: '你已签到' });

    const state = (await legacyGet(t, '/api/checkin/checkin', {}, token)).data as Record<string, unknown>;
    expect(Object.keys(state)).toEqual([...CHECK_IN_KEYS, 'checkIn']);
    expect(state).toMatchObject({
      userId: user._id,
      latestDayName: await siteDayNameOf(Date.now()),
      consecutiveDays: 1,
      checkIn: true,
    });

    const rank = (await legacyGet(t, '/api/checkin/rank')).data as { userId: number; user: { id: number } }[];
    expect(rank.find((entry) => entry.userId === user._id)?.user).toMatchObject({ id: user._id });
  });

  it('refuses a visitor', async () => {
    expect(await legacyPost(t, '/api/checkin/checkin')).toMatchObject({ success: false, errorCode: 1 });
  });
});

describe('score logs and rank (docs/legacy-api.md §1.5)', () => {
  it('pages the reader’s own log newest first, and ranks users by points', async () => {
    const { user, token } = await signedIn(buildUser());
    await changePoints({
      userId: user._id,
      sourceType: 'topic',
      sourceId: 424242,
      score: 5,
      description: '发表话题',
    });
    await changePoints({
      userId: user._id,
      sourceType: 'comment',
      sourceId: 434343,
      score: 2,
      description: '发表跟帖',
    });
    const page = (await legacyGet(t, '/api/user/scorelogs', { page: 1 }, token)).data as {
      page: { page: number; limit: number; total: number };
      results: { description: string; score: number; userId: number }[];
    };
    expect(page.page).toEqual({ page: 1, limit: 20, total: 2 });
    expect(page.results.map((log) => [log.description, log.score, log.userId])).toEqual([
      ['发表跟帖', 2, user._id],
      ['发表话题', 5, user._id],
    ]);
    expect(await legacyGet(t, '/api/user/scorelogs')).toMatchObject({ success: false, errorCode: 1 });

    const rank = (await legacyGet(t, '/api/user/score/rank')).data as { id: number; score: number }[];
    expect(rank[0]).toMatchObject({ id: user._id, score: 7 });
  });

  it('keeps bbs-go’s 签到<day> on the legacy log, while our web app reads 每日签到 · 11月28日', async () => {
    const { user, token } = await signedIn(buildUser());
    await changePoints({
      userId: user._id,
      sourceType: 'checkIn',
      sourceId: user._id,
      key: `checkIn:${user._id}:20261128`,
      score: 3,
      description: '签到20261128',
    });
    await changePoints({
      userId: user._id,
      sourceType: 'topic',
      sourceId: 1,
      score: 5,
      description: '发表话题',
    });
    const legacy = (await legacyGet(t, '/api/user/scorelogs', { page: 1 }, token)).data as {
      results: { description: string }[];
    };
    expect(legacy.results.map((log) => log.description)).toEqual(['发表话题', '签到20261128']);
    const { body } = await trpcQuery(t, 'points.scoreLogs', { page: 1 }, token);
    expect(body.result.data.results.map((log: { description: string }) => log.description)).toEqual([
      '发表话题',
      '每日签到 · 11月28日',
    ]);
  });
});
