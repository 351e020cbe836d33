/**
 * Levels from points on the real `points` queue: the site config's thresholds give a user's level
 * and title, and the points job that takes a user past a threshold records `user.leveled-up` once.
 */
import { describe, expect, it } from 'vitest';
import { DefaultSiteConfig, QueueName, type LevelConfig } from '@forum/contracts';
import {
  changePoints,
  createLogger,
  getSiteConfig,
  levelOf,
  readUser,
  readUsers,
  saveSiteConfig,
  systemContext,
  UserLevelUp,
  type UserDoc,
} from '@forum/core';
import { jobDefinitions } from './jobs';
import { buildUser, postTopic, useTestServices } from '@forum/core/testing';
import { useWorkerForum, waitFor } from '../test/helpers';

const services = useTestServices();

/** Three levels close together, so a few topics climb them. */
const SMALL_STEPS: LevelConfig = [
  { level: 1, title: '新手', score: 0 },
  { level: 2, title: '入门', score: 2 },
  { level: 3, title: '学徒', score: 3 },
];

useWorkerForum(services, ['points'], async () => {
  await saveSiteConfig(systemContext(), { levelConfig: SMALL_STEPS });
});

const levelUpsOf = (user: UserDoc) =>
  UserLevelUp.find({ userId: user._id }, { _id: 0, level: 1, previousLevel: 1, outbox: 1 })
    .sort({ level: 1 })
    .lean();

describe('levels', () => {
  it.each([
    [-5, 1, '新手'],
    [0, 1, '新手'],
    [9, 1, '新手'],
    [10, 2, '入门'],
    [149, 3, '学徒'],
    [400, 5, '行家'],
    [6000, 8, '宗师'],
    [1_000_000, 8, '宗师'],
  ])('with the default thresholds, %i points are Lv.%i %s', (score, level, levelTitle) => {
    expect(levelOf(score, DefaultSiteConfig.levelConfig)).toEqual({ level, levelTitle });
  });

  it('a user read from the read model carries the level of their points under the configured thresholds', async () => {
    const user = await buildUser();
    expect(await readUser(user._id)).toMatchObject({ score: 0, level: 1, levelTitle: '新手' });
    await postTopic(user, '第一个话题');
    await postTopic(user, '第二个话题');
    await waitFor('two topics’ points', async () => (await readUser(user._id))?.score === 2);
    expect((await readUsers([user._id])).get(user._id)).toMatchObject({ level: 2, levelTitle: '入门' });

    // The owner renames and moves the thresholds: the shown level follows at once.
    await saveSiteConfig(systemContext(), {
      levelConfig: [
        { level: 1, title: '萌新', score: 0 },
        { level: 2, title: '老手', score: 5 },
      ],
    });
    try {
      expect(await readUser(user._id)).toMatchObject({ level: 1, levelTitle: '萌新' });
    } finally {
      await saveSiteConfig(systemContext(), { levelConfig: SMALL_STEPS });
    }
  });

  it('the owner cannot save thresholds that are out of order', async () => {
    await expect(
      saveSiteConfig(systemContext(), {
        levelConfig: [
          { level: 1, title: '新手', score: 0 },
          { level: 2, title: '入门', score: 0 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', message: '配置数据格式错误' });
    await expect(
      saveSiteConfig(systemContext(), { levelConfig: [{ level: 2, title: '入门', score: 0 }] }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect((await getSiteConfig()).levelConfig).toEqual(SMALL_STEPS);
  });

  it('crossing a threshold records one user.leveled-up, even when the points job runs twice', async () => {
    const user = await buildUser();
    const first = await postTopic(user, '升级前');
    await waitFor('the first topic’s points', async () => (await readUser(user._id))?.score === 1);
    expect(await levelUpsOf(user)).toEqual([]);

    const second = await postTopic(user, '升到二级');
    await waitFor('the level-up', async () => (await levelUpsOf(user)).length === 1);
    // Inserted with its event, which its outbox keeps for the jobs to read.
    expect(((await levelUpsOf(user))[0]?.outbox ?? []).map((event) => event.type)).toEqual([
      'user.leveled-up',
    ]);

    // The same job again, as BullMQ retries it when a worker dies before recording the run.
    const topicPoints = jobDefinitions.find(
      (job) => job.queue === QueueName.Points && job.name === 'topic-points',
    )!;
    const retry = {
      id: 'retried-topic-points',
      type: 'topic.created' as const,
      payload: { topicId: second._id, userId: user._id, nodeId: first.nodeId },
      createdAt: new Date().toISOString(),
    };
    const context = {
      queue: QueueName.Points,
      name: 'topic-points',
      jobId: retry.id,
      log: createLogger('silent'),
    };
    await topicPoints.handler(retry as never, context);
    await topicPoints.handler(retry as never, context);

    expect(await readUser(user._id)).toMatchObject({ score: 2, level: 2 });
    expect((await levelUpsOf(user)).map(({ level, previousLevel }) => ({ level, previousLevel }))).toEqual([
      { level: 2, previousLevel: 1 },
    ]);

    // The next threshold is the next event; points that go down record nothing.
    await postTopic(user, '升到三级');
    await waitFor('the second level-up', async () => (await levelUpsOf(user)).length === 2);
    expect((await levelUpsOf(user)).map(({ level, previousLevel }) => ({ level, previousLevel }))).toEqual([
      { level: 2, previousLevel: 1 },
      { level: 3, previousLevel: 2 },
    ]);
  });

  it('a change that jumps several thresholds records one event for the level reached', async () => {
    const user = await buildUser();
    await changePoints({ userId: user._id, sourceType: 'user', sourceId: 1, score: 5, description: '奖励' });
    expect((await levelUpsOf(user)).map(({ level, previousLevel }) => ({ level, previousLevel }))).toEqual([
      { level: 3, previousLevel: 1 },
    ]);
  });
});
