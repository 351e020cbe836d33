import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SiteModule } from '@forum/contracts';
import { buildAdmin, buildNode, buildUser, signedIn } from '@forum/core/testing';
import { postForm, trpcMutation } from '../test/client';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();
let nodeId: number;
beforeAll(async () => {
  nodeId = (await buildNode())._id;
});
// Every test starts from the default: all modules on.
beforeEach(() => saveModules({ tweet: true, topic: true, article: true }));

async function saveModules(enabled: Record<SiteModule['module'], boolean>) {
  const modules = Object.entries(enabled).map(([module, on]) => ({ module, enabled: on }));
  const { body } = await postForm(
    t,
    '/api/admin/sys-config/save',
    { config: JSON.stringify({ modules }) },
    { 'x-user-token': await ownerToken() },
  );
  expect(body).toMatchObject({ success: true });
}

async function configs(): Promise<{ modules: SiteModule[]; emailWhitelist: string[] }> {
  const response = await fetch(`${t.baseUrl}/api/config/configs`);
  return ((await response.json()) as { data: { modules: SiteModule[]; emailWhitelist: string[] } }).data;
}

describe('site modules', () => {
  it('are all on by default, with an empty e-mail whitelist', async () => {
    const config = await configs();
    expect(config.modules).toEqual([
      { module: 'tweet', enabled: true },
      { module: 'topic', enabled: true },
      { module: 'article', enabled: true },
    ]);
    expect(config.emailWhitelist).toEqual([]);
  });

  it('the owner switches one off through the config save; configs shows it', async () => {
    await saveModules({ tweet: true, topic: false, article: true });
    expect((await configs()).modules).toContainEqual({ module: 'topic', enabled: false });
  });

  it('a save that names only some modules keeps the others on, and configs always lists all three', async () => {
    const { body } = await postForm(
      t,
      '/api/admin/sys-config/save',
      { config: JSON.stringify({ modules: [{ module: 'article', enabled: false }] }) },
      { 'x-user-token': await ownerToken() },
    );
    expect(body).toMatchObject({ success: true });
    expect((await configs()).modules).toEqual([
      { module: 'tweet', enabled: true },
      { module: 'topic', enabled: true },
      { module: 'article', enabled: false },
    ]);
  });

  it('an admin who is not the owner cannot change them', async () => {
    const { token } = await signedIn(buildAdmin());
    const { body } = await postForm(
      t,
      '/api/admin/sys-config/save',
      { config: JSON.stringify({ modules: [{ module: 'topic', enabled: false }] }) },
      { 'x-user-token': token },
    );
    expect(body).toEqual({ errorCode: 2, message: '无权限', data: null, success: false });
    expect((await configs()).modules).toContainEqual({ module: 'topic', enabled: true });
  });

  it('a disabled topic module refuses topics (legacy and tRPC) but still takes tweets', async () => {
    const { token } = await signedIn(buildUser());
    await saveModules({ tweet: true, topic: false, article: true });
    const legacy = await postForm(
      t,
      '/api/topic/create',
      { nodeId: String(nodeId), title: '标题', content: '正文' },
      { 'x-user-token': token },
    );
    expect(legacy.body).toEqual({ errorCode: 0, message: '本站已关闭话题功能', data: null, success: false });
    const trpc = await trpcMutation(t, 'topics.create', { nodeId, title: '标题', content: '正文' }, token);
    expect(trpc.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '本站已关闭话题功能' });
    const tweet = await postForm(
      t,
      '/api/topic/create',
      { type: '1', content: '一条动态' },
      { 'x-user-token': token },
    );
    expect(tweet.body).toMatchObject({ success: true, data: { type: 1 } });
  });

  it('a disabled tweet module refuses tweets', async () => {
    const { token } = await signedIn(buildUser());
    await saveModules({ tweet: false, topic: true, article: true });
    const tweet = await postForm(
      t,
      '/api/topic/create',
      { type: '1', content: '一条动态' },
      { 'x-user-token': token },
    );
    expect(tweet.body).toEqual({ errorCode: 0, message: '本站已关闭动态功能', data: null, success: false });
  });

  it('a disabled article module refuses articles (legacy and tRPC)', async () => {
    const { token } = await signedIn(buildUser());
    await saveModules({ tweet: true, topic: true, article: false });
    const legacy = await postForm(
      t,
      '/api/article/create',
      { title: '文章', content: '正文' },
      { 'x-user-token': token },
    );
    expect(legacy.body).toEqual({ errorCode: 0, message: '本站已关闭文章功能', data: null, success: false });
    const trpc = await trpcMutation(
      t,
      'articles.create',
      { title: '文章', summary: '', content: '正文', tags: [] },
      token,
    );
    expect(trpc.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '本站已关闭文章功能' });
  });
});
