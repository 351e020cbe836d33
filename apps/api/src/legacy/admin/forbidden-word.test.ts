/**
 * Forbidden words in the console: words and regular expressions with notes, tried on a sample
 * before saving, and refused in topics once saved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OperateLog } from '@forum/core';
import { buildAdmin, buildUser, signedIn } from '@forum/core/testing';
import { legacyPost, refusal, success, trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();
let admin: string;
let author: string;

beforeAll(async () => {
  admin = (await signedIn(buildAdmin())).token;
  author = (await signedIn(buildUser())).token;
});

const post = (path: string, values: Record<string, string | number>) =>
  legacyPost(t, `/api/admin/forbidden-word/${path}`, values, admin);

const publish = (title: string) => legacyPost(t, '/api/topic/create', { title, content: '正文' }, author);

describe('forbidden-word rules', () => {
  it('a sample shows which saved rules and which draft rule it matches, and saves nothing', async () => {
    await post('create', { word: '代开发票', note: '广告' });
    const body = await post('test', {
      sample: '低价代开发票，加微信 wx12345',
      word: 'wx\\d{5}',
      kind: 'regex',
    });
    expect(body).toEqual(
      success([
        { id: 0, word: 'wx\\d{5}', kind: 'regex', matched: 'wx12345' },
        { id: expect.any(Number), word: '代开发票', kind: 'word', matched: '代开发票' },
      ]),
    );
    expect(await post('test', { sample: '正常的讨论' })).toEqual(success(null));
    expect(((await post('list', { keyword: 'wx' })).data as { results: unknown }).results).toBeNull();
  });

  it('a saved regular expression refuses a topic that matches it, in any case', async () => {
    await post('create', { word: 'v[x]?\\s*信\\s*\\d+', kind: 'regex', note: '联系方式' });
    expect(await publish('加 VX 信 888 领资料')).toEqual(refusal('内容包含违禁词：v[x]?\\s*信\\s*\\d+'));
    expect((await publish('语音信号处理入门')).success).toBe(true);
  });

  it('refuses broken, catastrophic and empty-matching expressions with a clear message', async () => {
    expect(await post('create', { word: '(未闭合', kind: 'regex' })).toEqual(refusal('正则表达式格式错误'));
    expect(await post('create', { word: '(a+)+$', kind: 'regex' })).toEqual(
      refusal('正则表达式不能嵌套重复（如 (a+)+）'),
    );
    expect(await post('create', { word: 'x*', kind: 'regex' })).toEqual(refusal('正则表达式不能匹配空文本'));
    expect(await post('test', { sample: 'abc', word: '[', kind: 'regex' })).toEqual(
      refusal('正则表达式格式错误'),
    );
  });

  it('a duplicate word is refused; edits and deletes take effect at once and are logged', async () => {
    const id = ((await post('create', { word: '刷单' })).data as { id: number }).id;
    expect(await post('create', { word: '刷单' })).toEqual(refusal('违禁词「刷单」已存在'));
    expect(await publish('招聘刷单')).toEqual(refusal('内容包含违禁词：刷单'));
    expect((await post('update', { id, word: '刷单返利', note: '诈骗' })).data).toMatchObject({
      id,
      word: '刷单返利',
      note: '诈骗',
    });
    expect((await publish('刷单的历史')).success).toBe(true);
    expect(await post('delete', { id })).toEqual(success(null));
    expect((await publish('刷单返利')).success).toBe(true);
    const rows = await OperateLog.find({ dataType: 'forbidden_word', dataId: id }).sort({ _id: 1 }).lean();
    expect(rows.map((row) => row.opType)).toEqual(['create', 'update', 'delete']);
  });

  it('lists by kind and keyword, by page, over tRPC too', async () => {
    for (const word of ['过滤甲', '过滤乙', '过滤丙']) await post('create', { word, note: '分页' });
    const page = await trpcQuery(
      t,
      'adminForbiddenWords.list',
      { keyword: '分页', kind: 'word', limit: 2 },
      admin,
    );
    expect(page.body.result?.data).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      results: [{ word: '过滤丙' }, { word: '过滤乙' }],
    });
    const tried = await trpcMutation(t, 'adminForbiddenWords.test', { sample: '过滤乙在这里' }, admin);
    expect(tried.body.result?.data).toEqual([
      { id: expect.any(Number), word: '过滤乙', kind: 'word', matched: '过滤乙' },
    ]);
  });
});
