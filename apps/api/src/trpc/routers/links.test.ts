import { describe, expect, it } from 'vitest';
import { Link } from '@forum/core';
import { buildAdmin, buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

const draft = () => ({ url: 'https://openslr.org', title: 'OpenSLR', summary: '开放语音资源' });

describe('links procedures', () => {
  it('an admin creates and updates; everyone reads shown links', async () => {
    const { token: admin } = await signedIn(buildAdmin());
    const link = (await trpcMutation(t, 'links.create', draft(), admin)).body.result?.data as { id: number };
    expect(link).toEqual({
      id: expect.any(Number),
      url: 'https://openslr.org/',
      title: 'OpenSLR',
      summary: '开放语音资源',
      logo: '',
      createTime: expect.any(Number),
    });
    expect((await trpcQuery(t, 'links.list', {})).body.result?.data).toMatchObject({
      total: 1,
      results: [{ id: link.id }],
    });
    expect((await trpcQuery(t, 'links.top')).body.result?.data).toMatchObject([{ id: link.id }]);
    expect((await trpcQuery(t, 'links.byId', { id: link.id })).body.result?.data).toMatchObject({
      id: link.id,
    });
    await trpcMutation(t, 'links.update', { ...draft(), id: link.id, status: 1 }, admin);
    const hidden = await trpcQuery(t, 'links.byId', { id: link.id });
    expect(hidden.body.error?.data.appError).toEqual({ code: 'NOT_FOUND', message: '数据不存在' });
  });

  it('a plain user cannot create a link; non-http addresses are refused', async () => {
    const { token } = await signedIn(buildUser());
    const before = await Link.countDocuments();
    expect((await trpcMutation(t, 'links.create', draft(), token)).status).toBe(403);
    const { token: admin } = await signedIn(buildAdmin());
    const bad = await trpcMutation(t, 'links.create', { ...draft(), url: 'javascript:alert(1)' }, admin);
    expect(bad.body.error?.data.appError).toEqual({
      code: 'INVALID_INPUT',
      message: '链接地址必须以http://或https://开头',
    });
    expect(await Link.countDocuments()).toBe(before);
  });
});
