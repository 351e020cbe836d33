/**
 * The console's catalogue endpoints (docs/legacy-api.md §2.2): nodes, tags, friend links and projects
 * are created, edited, ordered and hidden, the site's lists follow, and each change is logged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperateLog, type OperateDataType } from '@forum/core';
import { buildAdmin, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost, refusal, success } from '../../test/client';
import { ownerToken, useTestApi } from '../../test/harness';

// Detection may read loopback pages here (LINK_DETECT_ALLOW_PRIVATE); the refusal is tested in core.
const t = useTestApi({ LINK_DETECT_ALLOW_PRIVATE: 'true' });
let owner: string;
let admin: string;
let pages: http.Server;
let pagesUrl: string;

beforeAll(async () => {
  owner = await ownerToken();
  admin = (await signedIn(buildAdmin())).token;
  pages = http.createServer((req, res) => {
    const hops = /^\/hop\/(\d+)$/.exec(req.url ?? '');
    if (hops) {
      const left = Number(hops[1]);
      res.writeHead(302, { location: left > 0 ? `/hop/${left - 1}` : '/page' }).end();
      return;
    }
    if (req.url === '/gbk') {
      res.writeHead(200, { 'content-type': 'text/html; charset=gbk' });
      // "语音之家" in GBK.
      res.end(
        Buffer.from([
          0x3c, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3e, 0xd3, 0xef, 0xd2, 0xf4, 0xd6, 0xae, 0xbc, 0xd2, 0x3c,
          0x2f, 0x74, 0x69, 0x74, 0x6c, 0x65, 0x3e,
        ]),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><title> 语音 &amp; 识别 </title><meta content="开源语音社区" name="description"></head></html>',
    );
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  pages.close();
});

const post = (path: string, values: Record<string, string | number>, token = owner) =>
  legacyPost(t, `/api/admin/${path}`, values, token);
const get = (path: string, values: Record<string, string | number> = {}, token = owner) =>
  legacyGet(t, `/api/admin/${path}`, values, token);
const idOf = (body: { data: unknown }) => (body.data as { id: number }).id;

async function logRow(dataType: OperateDataType, dataId: number) {
  return OperateLog.findOne({ dataType, dataId }).sort({ _id: -1 }).lean();
}

describe('nodes', () => {
  it('the owner creates a node, it shows on the site, and the log says who, what and from where', async () => {
    const body = await post('topic-node/create', { name: '声纹识别', description: '说话人', sortNo: 3 });
    const id = idOf(body);
    expect(body).toEqual(
      success({
        id,
        name: '声纹识别',
        description: '说话人',
        logo: '',
        sortNo: 3,
        status: 0,
        createTime: expect.any(Number),
      }),
    );
    expect((await legacyGet(t, '/api/topic/nodes')).data).toContainEqual({
      nodeId: id,
      name: '声纹识别',
      logo: '',
      description: '说话人',
    });
    expect(await logRow('topic_node', id)).toMatchObject({
      opType: 'create',
      description: '创建节点：声纹识别',
      ip: expect.stringMatching(/127\.0\.0\.1/),
      userAgent: expect.any(String),
    });
  });

  it('renaming onto another node’s name is refused with the legacy message and changes nothing', async () => {
    await post('topic-node/create', { name: '语音增强' });
    const id = idOf(await post('topic-node/create', { name: '语音分离' }));
    expect(await post('topic-node/update', { id, name: '语音增强' })).toEqual(
      refusal('节点「语音增强」已存在'),
    );
    expect((await get(`topic-node/${id}`)).data).toMatchObject({ name: '语音分离' });
  });

  it('sort puts nodes in the given order on the site; a hidden node leaves it but stays in the admin list', async () => {
    const a = idOf(await post('topic-node/create', { name: '排序甲' }));
    const b = idOf(await post('topic-node/create', { name: '排序乙' }));
    const shown = async () =>
      ((await legacyGet(t, '/api/topic/nodes')).data as { nodeId: number }[]).map((node) => node.nodeId);
    expect(await post('topic-node/sort', { ids: `${b},${a}` })).toEqual(success(null));
    const order = await shown();
    expect(order.indexOf(b)).toBeLessThan(order.indexOf(a));
    await post('topic-node/update', { id: b, name: '排序乙', status: 1 });
    expect(await shown()).not.toContain(b);
    expect((await get('topic-node/list', { name: '排序乙' })).data).toMatchObject({
      page: { total: 1 },
      results: [{ id: b, status: 1 }],
    });
    expect(await post('topic-node/sort', { ids: `${a},999999` })).toEqual(refusal('节点不存在'));
  });
});

describe('tags', () => {
  it('the owner creates and renames tags; names stay unique in any case', async () => {
    const id = idOf(await post('tag/create', { name: 'Kaldi', description: '工具包' }));
    expect(await post('tag/create', { name: 'kaldi' })).toEqual(refusal('标签「kaldi」已存在'));
    expect(await post('tag/create', { name: '  ' })).toEqual(refusal('标签名称不能为空'));
    const renamed = await post('tag/update', { id, name: 'Kaldi2', description: '工具包', status: 0 });
    expect(renamed.data).toMatchObject({ id, name: 'Kaldi2', description: '工具包', status: 0 });
    // The old name is free again, and the new one is taken.
    expect((await post('tag/create', { name: 'kaldi' })).success).toBe(true);
    const other = idOf(await post('tag/create', { name: 'ESPnet' }));
    expect(await post('tag/update', { id: other, name: 'KALDI2' })).toEqual(refusal('标签「KALDI2」已存在'));
    expect(await logRow('tag', id)).toMatchObject({ opType: 'update', description: '修改标签：Kaldi2' });
  });

  it('a hidden tag leaves the public list and autocomplete, but the admin autocomplete and lookup find it', async () => {
    const id = idOf(await post('tag/create', { name: 'Whisper' }));
    await post('tag/update', { id, name: 'Whisper', status: 1 });
    const publicNames = ((await legacyGet(t, '/api/tag/tags')).data as { results: { tagName: string }[] })
      .results;
    expect(publicNames.map((tag) => tag.tagName)).not.toContain('Whisper');
    expect((await legacyPost(t, '/api/tag/autocomplete', { input: 'whis' })).data).toBeNull();
    expect((await get('tag/autocomplete', { keyword: 'whis' })).data).toEqual([
      { tagId: id, tagName: 'Whisper' },
    ]);
    expect((await get('tag/tags', { tagIds: `${id},abc,999999` })).data).toEqual([
      { tagId: id, tagName: 'Whisper' },
    ]);
    expect((await get('tag/list', { name: 'hisp', status: 1 })).data).toMatchObject({
      results: [{ id, name: 'Whisper', status: 1 }],
    });
  });

  it('an admin may read tags but only the owner may change them', async () => {
    expect((await get('tag/list', {}, admin)).success).toBe(true);
    expect(await post('tag/create', { name: '管理员标签' }, admin)).toMatchObject({
      errorCode: 2,
      message: '无权限',
    });
  });
});

describe('friend links', () => {
  it('detect reads the title and description of a page, following up to three redirects', async () => {
    expect(await get('link/detect', { url: `${pagesUrl}/hop/2` }, admin)).toEqual(
      success({ title: '语音 & 识别', description: '开源语音社区' }),
    );
    expect((await get('link/detect', { url: `${pagesUrl}/gbk` }, admin)).data).toMatchObject({
      title: '语音之家',
    });
    // Four redirects are one too many: success, with null.
    expect(await get('link/detect', { url: `${pagesUrl}/hop/3` }, admin)).toEqual(success(null));
    expect(await get('link/detect', { url: 'ftp://example.org/' }, admin)).toEqual(success(null));
  });

  it('sort changes the order of the site’s links; hiding one removes it', async () => {
    const first = idOf(await post('link/create', { url: 'https://a.example/', title: '甲' }, admin));
    const second = idOf(await post('link/create', { url: 'https://b.example/', title: '乙' }, admin));
    const shown = async () =>
      ((await legacyGet(t, '/api/link/toplinks')).data as { linkId: number }[]).map((link) => link.linkId);
    expect((await shown()).slice(-2)).toEqual([first, second]);
    await post('link/sort', { ids: `${second},${first}` }, admin);
    expect((await shown()).slice(0, 2)).toEqual([second, first]);
    await post('link/update', { id: second, url: 'https://b.example/', title: '乙', status: 1 }, admin);
    expect(await shown()).not.toContain(second);
    expect(await logRow('link', 0)).toMatchObject({
      opType: 'update',
      description: `调整友情链接顺序：${second},${first}`,
    });
  });
});

describe('projects', () => {
  it('an admin creates a project, edits it and hides it; a hidden project is 项目不存在 on the site', async () => {
    const id = idOf(
      await post('project/create', { name: 'k2', title: '新一代 Kaldi', content: '**快**' }, admin),
    );
    expect((await legacyGet(t, `/api/project/${id}`)).data).toMatchObject({ projectId: id, name: 'k2' });
    await post('project/update', { id, name: 'k2', title: '新一代 Kaldi', status: 1 }, admin);
    expect(await legacyGet(t, `/api/project/${id}`)).toEqual(refusal('项目不存在'));
    const projects = (await legacyGet(t, '/api/project/projects')).data as {
      results: { projectId: number }[] | null;
    };
    expect((projects.results ?? []).map((project) => project.projectId)).not.toContain(id);
    expect((await get(`project/${id}`, {}, admin)).data).toMatchObject({ id, status: 1 });
    expect((await get('project/list', { status: 1 }, admin)).data).toMatchObject({ results: [{ id }] });
    expect(await logRow('project', id)).toMatchObject({ opType: 'update', description: '修改项目：k2' });
  });

  it('sortNo orders the site’s projects and the admin list: smaller first, then newest first', async () => {
    const made = async (name: string, sortNo: number) =>
      idOf(await post('project/create', { name, sortNo: String(sortNo) }, admin));
    const late = await made('排在后面', 2);
    const early = await made('排在前面', 1);
    const newer = await made('同序较新', 2);
    const siteOrder = async () =>
      ((await legacyGet(t, '/api/project/projects')).data as { results: { projectId: number }[] }).results
        .map((project) => project.projectId)
        .filter((id) => [late, early, newer].includes(id));
    expect(await siteOrder()).toEqual([early, newer, late]);
    const adminOrder = (
      (await get('project/list', { limit: 100 }, admin)).data as { results: { id: number }[] }
    ).results
      .map((project) => project.id)
      .filter((id) => [late, early, newer].includes(id));
    expect(adminOrder).toEqual([early, newer, late]);

    // Moving one in front by its order field.
    await post('project/update', { id: late, name: '排在后面', sortNo: '0' }, admin);
    expect(await siteOrder()).toEqual([late, early, newer]);
    expect((await get(`project/${late}`, {}, admin)).data).toMatchObject({ sortNo: 0 });
    expect(await post('project/update', { id: late, name: '排在后面', sortNo: '-1' }, admin)).toEqual(
      refusal('排序应为 0 到 999999 之间的整数'),
    );
  });
});
