import { describe, expect, it } from 'vitest';
import type { CursorPage, FavoriteItem } from '@forum/contracts';
import { buildTopic, buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

describe('favorites procedures', () => {
  it('add, isFavorited, list and remove round trip', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id, title: '好帖' });
    const target = { entityType: 'topic', entityId: topic._id };
    expect((await trpcMutation(t, 'favorites.add', target, token)).body.result?.data).toEqual({
      favorited: true,
    });
    expect((await trpcMutation(t, 'favorites.add', target, token)).body.result?.data).toEqual({
      favorited: true,
    });
    expect((await trpcQuery(t, 'favorites.isFavorited', target, token)).body.result?.data).toBe(true);
    expect((await trpcQuery(t, 'favorites.isFavorited', target)).body.result?.data).toBe(false);
    const page = (await trpcQuery(t, 'favorites.list', {}, token)).body.result
      ?.data as CursorPage<FavoriteItem>;
    expect(page.results).toEqual([
      expect.objectContaining({
        entityType: 'topic',
        entityId: topic._id,
        deleted: false,
        title: '好帖',
        user: { id: author._id, nickname: author.nickname, avatar: '' },
      }),
    ]);
    expect((await trpcMutation(t, 'favorites.remove', target, token)).body.result?.data).toEqual({
      favorited: false,
    });
    expect((await trpcQuery(t, 'favorites.isFavorited', target, token)).body.result?.data).toBe(false);
    expect((await trpcQuery(t, 'favorites.list', {}, token)).body.result?.data).toEqual({
      results: [],
      cursor: '0',
      hasMore: false,
    });
  });

  it('needs a signed-in user and a shown target', async () => {
    const { token } = await signedIn(buildUser());
    expect((await trpcMutation(t, 'favorites.add', { entityType: 'topic', entityId: 1 })).status).toBe(401);
    expect((await trpcQuery(t, 'favorites.list', {})).status).toBe(401);
    const missing = await trpcMutation(
      t,
      'favorites.add',
      { entityType: 'topic', entityId: 99999999 },
      token,
    );
    expect(missing.body.error?.data.appError).toEqual({ code: 'NOT_FOUND', message: '收藏的话题不存在' });
  });
});
