import { beforeAll, describe, expect, it } from 'vitest';
import { Project, User, type UserDoc } from '@forum/core';
import { buildAdmin, buildUser, findXss, rebuildLocked, signedIn, xssCorpus } from '@forum/core/testing';
import { coded, legacyGet, legacyPost, refusal, success } from '../test/client';
import { PROJECT_SIMPLE_KEYS, userInfo } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';

const t = useTestApi();
let admin: { user: UserDoc; token: string };
beforeAll(async () => {
  admin = await signedIn(buildAdmin());
});

const draft = (values: Record<string, string> = {}) => ({
  name: 'wenet',
  title: '端到端语音识别工具包',
  logo: 'https://example.com/logo.png',
  url: 'https://github.com/wenet-e2e/wenet',
  docUrl: 'https://wenet.org.cn/',
  downloadUrl: 'https://github.com/wenet-e2e/wenet/releases',
  content: '## 简介\n\n生产级**语音识别**',
  ...values,
});

/** Creates a project as the admin; its id. */
async function createProject(values: Record<string, string> = {}): Promise<number> {
  const body = await legacyPost(t, '/api/admin/project/create', draft(values), admin.token);
  expect(body.success, body.message).toBe(true);
  return (body.data as { id: number }).id;
}

describe('POST /api/admin/project/create|update', () => {
  it('an admin creates a project and gets the raw row back', async () => {
    const body = await legacyPost(t, '/api/admin/project/create', draft(), admin.token);
    expect(body).toEqual(
      success({
        id: expect.any(Number),
        userId: admin.user._id,
        ...draft(),
        contentType: 'markdown',
        status: 0,
        sortNo: 0,
        createTime: expect.any(Number),
      }),
    );
  });

  it('a visitor gets 1, a user without the role gets 2 无权限, and nothing is stored', async () => {
    const before = await Project.countDocuments();
    expect(await legacyPost(t, '/api/admin/project/create', draft())).toEqual(coded(1, '请先登录'));
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/admin/project/create', draft(), token)).toEqual(coded(2, '无权限'));
    expect(await Project.countDocuments()).toBe(before);
  });

  it('refuses a missing name and non-http addresses', async () => {
    const before = await Project.countDocuments();
    expect(await legacyPost(t, '/api/admin/project/create', draft({ name: ' ' }), admin.token)).toEqual(
      refusal('项目名称不能为空'),
    );
    expect(
      await legacyPost(t, '/api/admin/project/create', draft({ url: 'javascript:alert(1)' }), admin.token),
    ).toEqual(refusal('项目主页地址无效'));
    expect(
      await legacyPost(
        t,
        '/api/admin/project/create',
        draft({ logo: 'data:image/png;base64,AA' }),
        admin.token,
      ),
    ).toEqual(refusal('项目图标地址无效'));
    expect(await Project.countDocuments()).toBe(before);
  });

  it('update replaces the fields; an unknown id is "项目不存在"', async () => {
    const id = await createProject();
    const body = await legacyPost(
      t,
      '/api/admin/project/update',
      { ...draft({ name: 'wenet2' }), id: String(id) },
      admin.token,
    );
    expect(body.data).toMatchObject({ id, name: 'wenet2' });
    expect(
      await legacyPost(t, '/api/admin/project/update', { ...draft(), id: '99999999' }, admin.token),
    ).toEqual(refusal('项目不存在'));
    expect((await legacyGet(t, `/api/admin/project/${id}`, {}, admin.token)).data).toMatchObject({
      id,
      name: 'wenet2',
    });
  });
});

describe('public project endpoints', () => {
  it('GET /api/project/{id} answers ProjectResponse with downloadUrl filled (docs/legacy-api.md Appendix A #8)', async () => {
    const id = await createProject();
    const owner = await User.findById(admin.user._id).lean<UserDoc>();
    const body = await legacyGet(t, `/api/project/${id}`);
    expect(Object.keys(body.data as object)).toEqual([...PROJECT_SIMPLE_KEYS, 'content']);
    expect(body).toEqual(
      success({
        projectId: id,
        user: userInfo(owner!),
        ...draft(),
        summary: '简介 生产级语音识别',
        createTime: expect.any(Number),
        content: '<h2>简介</h2>\n<p>生产级<strong>语音识别</strong></p>\n',
      }),
    );
  });

  it('GET /api/project/{id} of an unknown id is "项目不存在"', async () => {
    expect(await legacyGet(t, '/api/project/99999999')).toEqual(refusal('项目不存在'));
  });

  it('GET /api/project/projects pages 20 newest first', async () => {
    await Project.deleteMany({});
    await rebuildLocked();
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      ids.push(await createProject({ name: `p${i}` }));
    }
    const first = await legacyGet(t, '/api/project/projects');
    const page = first.data as { page: unknown; results: Record<string, unknown>[] };
    expect(page.page).toEqual({ page: 1, limit: 20, total: 21 });
    expect(page.results.map((p) => p.projectId)).toEqual(ids.slice(1).reverse());
    expect(Object.keys(page.results[0]!)).toEqual(PROJECT_SIMPLE_KEYS);
    const second = await legacyGet(t, '/api/project/projects', { page: 2 });
    expect((second.data as { results: { projectId: number }[] }).results.map((p) => p.projectId)).toEqual([
      ids[0],
    ]);
    expect(await legacyGet(t, '/api/project/projects', { page: 3 })).toEqual(
      success({ page: { page: 3, limit: 20, total: 21 }, results: null }),
    );
  });

  it('no XSS payload survives in name, title, summary or content', async () => {
    for (const payload of xssCorpus) {
      const created = await legacyPost(
        t,
        '/api/admin/project/create',
        draft({
          name: payload.input.slice(0, 128),
          title: payload.input.slice(0, 256),
          content: payload.input,
        }),
        admin.token,
      );
      expect(created.success, `${payload.name}: ${created.message}`).toBe(true);
      const id = (created.data as { id: number }).id;
      const detail = (await legacyGet(t, `/api/project/${id}`)).data as Record<string, string>;
      for (const field of ['name', 'title', 'summary', 'content']) {
        expect(findXss(detail[field]!), `${payload.name} ${field}`).toEqual([]);
      }
    }
  });
});
