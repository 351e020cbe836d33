import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findXss, xssCorpus } from '@forum/core/testing';
import { makeUser, startTestApi, type TestApi } from '../../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

async function preview(markdown: unknown, token?: string) {
  const response = await fetch(`${t.baseUrl}/trpc/content.preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-user-token': token } : {}) },
    body: JSON.stringify({ markdown }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('content.preview', () => {
  it('renders Markdown as a post would be rendered, with highlighted code and lazy images', async () => {
    const { token } = await makeUser();
    const { status, body } = await preview(
      '# 标题\n\n```python\nprint(1)\n```\n\n![图](https://example.com/a.png)',
      token,
    );
    expect(status).toBe(200);
    const html: string = body.result.data.html;
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('class="hljs language-python"');
    expect(html).toContain('data-src="https://example.com/a.png"');
  });

  it('needs a signed-in user and refuses oversized input with a Chinese message', async () => {
    expect((await preview('x')).status).toBe(401);
    const { token } = await makeUser();
    const big = await preview('x'.repeat(20_001), token);
    expect(big.status).toBe(400);
    expect(big.body.error.data.appError.message).toBe('内容长度不能超过20000');
  });

  it('keeps every payload of the XSS corpus inert', async () => {
    const { token } = await makeUser();
    for (const payload of xssCorpus.slice(0, 40)) {
      const { body } = await preview(payload.input, token);
      expect(findXss(body.result.data.html), payload.name).toEqual([]);
    }
  });
});
