import { beforeAll, describe, expect, it } from 'vitest';
import { Link } from '@forum/core';
import { buildAdmin, buildUser, findXss, rebuildLocked, signedIn, xssCorpus } from '@forum/core/testing';
import { coded, legacyGet, legacyPost, refusal, success } from '../test/client';
import { LINK_KEYS } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';

const t = useTestApi();
let admin: string;
beforeAll(async () => {
  admin = (await signedIn(buildAdmin())).token;
});

const draft = (values: Record<string, string> = {}) => ({
  url: 'https://www.speechhome.com/',
  title: '语音之家',
  summary: '语音技术社区',
  logo: 'https://www.speechhome.com/logo.png',
  status: '0',
  ...values,
});

async function createLink(values: Record<string, string> = {}): Promise<number> {
  const body = await legacyPost(t, '/api/admin/link/create', draft(values), admin);
  expect(body.success, body.message).toBe(true);
  return (body.data as { id: number }).id;
}

describe('admin link endpoints', () => {
  it('POST /api/admin/link/create stores a link and answers the raw row', async () => {
    const body = await legacyPost(t, '/api/admin/link/create', draft(), admin);
    expect(body).toEqual(
      success({
        id: expect.any(Number),
        url: 'https://www.speechhome.com/',
        title: '语音之家',
        summary: '语音技术社区',
        logo: 'https://www.speechhome.com/logo.png',
        status: 0,
        sortNo: 0,
        createTime: expect.any(Number),
      }),
    );
  });

  it('a visitor gets 1, a plain user 2 无权限, and nothing is stored', async () => {
    const before = await Link.countDocuments();
    expect(await legacyPost(t, '/api/admin/link/create', draft())).toEqual(coded(1, '请先登录'));
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/admin/link/create', draft(), token)).toEqual(coded(2, '无权限'));
    expect(await legacyGet(t, '/api/admin/link/list', {}, token)).toEqual(coded(2, '无权限'));
    expect(await Link.countDocuments()).toBe(before);
  });

  it('refuses addresses that are not http(s), and a missing title', async () => {
    const before = await Link.countDocuments();
    expect(
      await legacyPost(t, '/api/admin/link/create', draft({ url: 'javascript:alert(1)' }), admin),
    ).toEqual(refusal('链接地址必须以http://或https://开头'));
    expect(await legacyPost(t, '/api/admin/link/create', draft({ url: '' }), admin)).toEqual(
      refusal('链接地址不能为空'),
    );
    expect(await legacyPost(t, '/api/admin/link/create', draft({ logo: 'data:text/html,x' }), admin)).toEqual(
      refusal('图标地址必须以http://或https://开头'),
    );
    expect(await legacyPost(t, '/api/admin/link/create', draft({ title: '' }), admin)).toEqual(
      refusal('标题不能为空'),
    );
    expect(await Link.countDocuments()).toBe(before);
  });

  it('update changes a link; GET /api/admin/link/{id} reads it, hidden or not', async () => {
    const id = await createLink();
    const body = await legacyPost(
      t,
      '/api/admin/link/update',
      { ...draft({ title: '改名', status: '1' }), id: String(id) },
      admin,
    );
    expect(body.data).toMatchObject({ id, title: '改名', status: 1 });
    expect((await legacyGet(t, `/api/admin/link/${id}`, {}, admin)).data).toMatchObject({ id, status: 1 });
    expect(await legacyPost(t, '/api/admin/link/update', { ...draft(), id: '99999999' }, admin)).toEqual(
      refusal('数据不存在'),
    );
  });

  it('ANY /api/admin/link/list filters by status and title, numbered pages', async () => {
    const id = await createLink({ title: '独特标题XYZ', status: '1' });
    const body = await legacyPost(t, '/api/admin/link/list', { title: 'xyz', status: '1' }, admin);
    expect(body.data).toMatchObject({
      page: { page: 1, limit: 20, total: 1 },
      results: [{ id, title: '独特标题XYZ' }],
    });
  });
});

describe('public link endpoints', () => {
  it('list and top links show shown links oldest first; a hidden link is "数据不存在"', async () => {
    await Link.deleteMany({});
    await rebuildLocked();
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push(await createLink({ title: `链接${i}` }));
    const hidden = await createLink({ status: '1' });

    const first = await legacyGet(t, '/api/link/links');
    const page = first.data as { page: unknown; results: Record<string, unknown>[] };
    expect(page.page).toEqual({ page: 1, limit: 20, total: 21 });
    expect(page.results.map((l) => l.linkId)).toEqual(ids.slice(0, 20));
    expect(Object.keys(page.results[0]!)).toEqual(LINK_KEYS);
    expect(page.results[0]).toEqual({
      linkId: ids[0],
      url: 'https://www.speechhome.com/',
      title: '链接0',
      summary: '语音技术社区',
      logo: 'https://www.speechhome.com/logo.png',
      createTime: expect.any(Number),
    });
    const second = await legacyGet(t, '/api/link/links', { page: 2 });
    expect((second.data as { results: { linkId: number }[] }).results.map((l) => l.linkId)).toEqual([
      ids[20],
    ]);

    const top = (await legacyGet(t, '/api/link/toplinks')).data as { linkId: number }[];
    expect(top.map((l) => l.linkId)).toEqual(ids.slice(0, 10));

    expect((await legacyGet(t, `/api/link/${ids[3]}`)).data).toMatchObject({
      linkId: ids[3],
      title: '链接3',
    });
    expect(await legacyGet(t, `/api/link/${hidden}`)).toEqual(refusal('数据不存在'));
    expect(await legacyGet(t, '/api/link/99999999')).toEqual(refusal('数据不存在'));
  });

  it('an empty list is null', async () => {
    await Link.deleteMany({});
    await rebuildLocked();
    expect(await legacyGet(t, '/api/link/links')).toEqual(
      success({ page: { page: 1, limit: 20, total: 0 }, results: null }),
    );
    expect(await legacyGet(t, '/api/link/toplinks')).toEqual(success(null));
  });

  it('no XSS payload survives in title or summary, and addresses stay http(s)', async () => {
    for (const payload of xssCorpus) {
      const id = await createLink({
        title: payload.input.slice(0, 128),
        summary: payload.input.slice(0, 1024),
        url: `https://example.com/${payload.input.slice(0, 200)}`,
      });
      const link = (await legacyGet(t, `/api/link/${id}`)).data as Record<string, string>;
      for (const field of ['title', 'summary', 'url']) {
        expect(findXss(link[field]!), `${payload.name} ${field}`).toEqual([]);
      }
      expect(link.url).toMatch(/^https:\/\/example\.com\//);
    }
  });
});
