import { describe, expect, it } from 'vitest';
import { Project } from '@forum/core';
import { buildAdmin, buildOwner, buildUser, findXss, signedIn, xssCorpus } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

const draft = () => ({
  name: 'kaldi',
  title: '语音识别工具',
  url: 'https://kaldi-asr.org',
  content: '**C++**',
});

describe('projects procedures', () => {
  it('an admin creates and updates; everyone lists and reads', async () => {
    const { token: admin } = await signedIn(buildAdmin());
    const created = await trpcMutation(t, 'projects.create', draft(), admin);
    const project = created.body.result?.data as { id: number };
    expect(project).toMatchObject({
      name: 'kaldi',
      url: 'https://kaldi-asr.org/',
      downloadUrl: '',
      summary: 'C++',
      content: '<p><strong>C++</strong></p>\n',
    });
    const updated = await trpcMutation(
      t,
      'projects.update',
      { ...draft(), id: project.id, downloadUrl: 'https://x.org/d' },
      admin,
    );
    expect(updated.body.result?.data).toMatchObject({ id: project.id, downloadUrl: 'https://x.org/d' });
    expect((await trpcQuery(t, 'projects.byId', { id: project.id })).body.result?.data).toMatchObject({
      id: project.id,
    });
    expect((await trpcQuery(t, 'projects.list', {})).body.result?.data).toMatchObject({
      page: 1,
      limit: 20,
      total: 1,
      results: [{ id: project.id }],
    });
    const missing = await trpcQuery(t, 'projects.byId', { id: 99999999 });
    expect(missing.body.error?.data.appError).toEqual({ code: 'NOT_FOUND', message: '项目不存在' });
  });

  it('a plain user or a visitor cannot create a project; bad addresses are refused', async () => {
    const { token } = await signedIn(buildUser());
    expect((await trpcMutation(t, 'projects.create', draft(), token)).status).toBe(403);
    expect((await trpcMutation(t, 'projects.create', draft())).status).toBe(401);
    const { token: admin } = await signedIn(buildOwner());
    const bad = await trpcMutation(
      t,
      'projects.create',
      { ...draft(), docUrl: 'javascript:alert(1)' },
      admin,
    );
    expect(bad.body.error?.data.appError).toEqual({ code: 'INVALID_INPUT', message: '文档地址无效' });
    expect(await Project.countDocuments({ name: 'kaldi', docUrl: { $ne: '' } })).toBe(0);
  });

  it('content is safe HTML for every XSS payload', async () => {
    const { token: admin } = await signedIn(buildAdmin());
    for (const payload of xssCorpus) {
      const created = await trpcMutation(t, 'projects.create', { ...draft(), content: payload.input }, admin);
      const project = created.body.result?.data as { content: string };
      expect(findXss(project.content), payload.name).toEqual([]);
    }
  });
});
