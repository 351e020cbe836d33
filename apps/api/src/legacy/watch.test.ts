/** Watching topics over the legacy layer (ours; docs/legacy-api.md, docs/events-and-jobs.md "Watched topics"). */
import { describe, expect, it } from 'vitest';
import { buildTopic, buildUser, signedIn } from '@forum/core/testing';
import { coded, legacyGet, legacyPost, refusal, success } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();

describe('POST /api/topic/watch/{id}, /api/topic/unwatch/{id}, GET /api/topic/watched/{id}', () => {
  it('watches and unwatches a topic, and says whether the reader watches it', async () => {
    const { token } = await signedIn(buildUser());
    const topic = await buildTopic();
    expect(await legacyGet(t, `/api/topic/watched/${topic._id}`, {}, token)).toEqual(
      success({ watching: false }),
    );
    expect(await legacyPost(t, `/api/topic/watch/${topic._id}`, {}, token)).toEqual(
      success({ watching: true }),
    );
    expect(await legacyGet(t, `/api/topic/watched/${topic._id}`, {}, token)).toEqual(
      success({ watching: true }),
    );
    expect(await legacyGet(t, `/api/topic/watched/${topic._id}`)).toEqual(success({ watching: false }));
    expect(await legacyPost(t, `/api/topic/unwatch/${topic._id}`, {}, token)).toEqual(
      success({ watching: false }),
    );
    expect(await legacyGet(t, `/api/topic/watched/${topic._id}`, {}, token)).toEqual(
      success({ watching: false }),
    );
  });

  it('asks visitors to sign in and refuses a deleted topic', async () => {
    const { token } = await signedIn(buildUser());
    const deleted = await buildTopic({ status: 1 });
    expect(await legacyPost(t, `/api/topic/watch/${deleted._id}`)).toEqual(coded(1, '请先登录'));
    expect(await legacyPost(t, `/api/topic/watch/${deleted._id}`, {}, token)).toEqual(
      refusal('该话题已删除或被隐藏，无法关注'),
    );
    expect(await legacyPost(t, '/api/topic/watch/99999999', {}, token)).toEqual(refusal('话题不存在'));
  });
});

describe('POST /api/user/set/watch_defaults', () => {
  it('turns default watching off and on, and refuses what is not a flag', async () => {
    const { token } = await signedIn(buildUser());
    const account = async () =>
      (
        (await (
          await fetch(`${t.baseUrl}/trpc/users.account`, { headers: { 'x-user-token': token } })
        ).json()) as { result: { data: { watchPostedTopics: boolean; watchRepliedTopics: boolean } } }
      ).result.data;
    expect(await legacyPost(t, '/api/user/set/watch_defaults', { watchPostedTopics: 'false' })).toMatchObject(
      {
        errorCode: 1,
      },
    );
    expect(
      (await legacyPost(t, '/api/user/set/watch_defaults', { watchPostedTopics: 'false' }, token)).success,
    ).toBe(true);
    expect(await account()).toMatchObject({ watchPostedTopics: false, watchRepliedTopics: true });
    expect(
      (
        await legacyPost(
          t,
          '/api/user/set/watch_defaults',
          { watchPostedTopics: '1', watchRepliedTopics: '0' },
          token,
        )
      ).success,
    ).toBe(true);
    expect(await account()).toMatchObject({ watchPostedTopics: true, watchRepliedTopics: false });
    expect(
      await legacyPost(t, '/api/user/set/watch_defaults', { watchRepliedTopics: 'maybe' }, token),
    ).toMatchObject({
      success: false,
      message: '参数错误：watchPostedTopics、watchRepliedTopics 应为 true 或 false',
    });
    expect(await legacyPost(t, '/api/user/set/watch_defaults', {}, token)).toMatchObject({
      success: false,
      message: '请选择要修改的设置',
    });
  });
});
