/** Watching topics over tRPC (docs/events-and-jobs.md "Watched topics"), on the real database and Redis. */
import { afterEach, describe, expect, it } from 'vitest';
import { TopicWatch, createReport, saveSiteConfig, systemContext } from '@forum/core';
import { buildTopic, buildUser, contextFor, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();
const data = (result: { body: any }) => result.body.result?.data;
const appError = (result: { body: any }) => result.body.error?.data.appError;

afterEach(() => saveSiteConfig(systemContext(), { reportHideThreshold: 5 }));

describe('watches', () => {
  it('a member watches and unwatches a topic; the row keeps the explicit state, the list reads the read model', async () => {
    const { user, token } = await signedIn(buildUser());
    const topic = await buildTopic({ title: '关注的话题' });
    expect(data(await trpcQuery(t, 'watches.isWatching', { topicId: topic._id }, token))).toBe(false);
    expect(data(await trpcMutation(t, 'watches.watch', { topicId: topic._id }, token))).toEqual({
      watching: true,
    });
    // Twice is once.
    expect(data(await trpcMutation(t, 'watches.watch', { topicId: topic._id }, token))).toEqual({
      watching: true,
    });
    expect(data(await trpcQuery(t, 'watches.isWatching', { topicId: topic._id }, token))).toBe(true);
    expect(data(await trpcQuery(t, 'watches.list', undefined, token))).toMatchObject([
      { topicId: topic._id, title: '关注的话题' },
    ]);
    expect(data(await trpcMutation(t, 'watches.unwatch', { topicId: topic._id }, token))).toEqual({
      watching: false,
    });
    expect(await TopicWatch.findById(`${topic._id}:${user._id}`).lean()).toMatchObject({
      topicId: topic._id,
      userId: user._id,
      watching: false,
      reason: 'explicit',
    });
    expect(data(await trpcQuery(t, 'watches.isWatching', { topicId: topic._id }, token))).toBe(false);
    expect(data(await trpcQuery(t, 'watches.list', undefined, token))).toEqual([]);
  });

  it('refuses visitors, missing, deleted and hidden topics; unwatching a deleted topic still works', async () => {
    const { token } = await signedIn(buildUser());
    const topic = await buildTopic();
    const deleted = await buildTopic({ status: 1 });
    expect((await trpcMutation(t, 'watches.watch', { topicId: topic._id })).status).toBe(401);
    expect((await trpcQuery(t, 'watches.list')).status).toBe(401);
    expect(data(await trpcQuery(t, 'watches.isWatching', { topicId: topic._id }))).toBe(false);
    expect((await trpcMutation(t, 'watches.watch', { topicId: 99_999_999 }, token)).status).toBe(404);
    const refused = await trpcMutation(t, 'watches.watch', { topicId: deleted._id }, token);
    expect(refused.status).toBe(403);
    expect(appError(refused)).toEqual({ code: 'FORBIDDEN', message: '该话题已删除或被隐藏，无法关注' });
    expect(data(await trpcMutation(t, 'watches.unwatch', { topicId: deleted._id }, token))).toEqual({
      watching: false,
    });

    await saveSiteConfig(systemContext(), { reportHideThreshold: 1 });
    const hidden = await buildTopic();
    await createReport(contextFor(await buildUser()), {
      targetType: 'topic',
      targetId: hidden._id,
      reason: 'spam',
      text: '',
    });
    expect(appError(await trpcMutation(t, 'watches.watch', { topicId: hidden._id }, token))).toEqual({
      code: 'FORBIDDEN',
      message: '该话题已删除或被隐藏，无法关注',
    });
  });

  it('limits how often a member toggles watches', async () => {
    const { token } = await signedIn(buildUser());
    const topic = await buildTopic();
    const codes: string[] = [];
    for (let i = 0; i < 61; i++) {
      const result = await trpcMutation(
        t,
        i % 2 ? 'watches.unwatch' : 'watches.watch',
        { topicId: topic._id },
        token,
      );
      codes.push(appError(result)?.code ?? 'OK');
    }
    expect(codes.slice(0, 60).every((code) => code === 'OK')).toBe(true);
    expect(codes[60]).toBe('RATE_LIMITED');
  });

  it('users.setWatchDefaults turns default watching off and on, and the account settings show it', async () => {
    const { token } = await signedIn(buildUser());
    expect(data(await trpcQuery(t, 'users.account', undefined, token))).toMatchObject({
      watchPostedTopics: true,
      watchRepliedTopics: true,
    });
    expect(
      data(await trpcMutation(t, 'users.setWatchDefaults', { watchRepliedTopics: false }, token)),
    ).toMatchObject({ watchPostedTopics: true, watchRepliedTopics: false });
    expect(
      data(await trpcMutation(t, 'users.setWatchDefaults', { watchPostedTopics: false }, token)),
    ).toMatchObject({ watchPostedTopics: false, watchRepliedTopics: false });
    expect(appError(await trpcMutation(t, 'users.setWatchDefaults', {}, token))?.code).toBe('INVALID_INPUT');
    expect((await trpcMutation(t, 'users.setWatchDefaults', { watchPostedTopics: true })).status).toBe(401);
  });
});
