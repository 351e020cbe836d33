import { describe, expect, it } from 'vitest';
import { buildUser, findXss, signedIn, xssCorpus } from '@forum/core/testing';
import { trpcMutation } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

describe('content.preview', () => {
  it('renders Markdown as a post would be rendered, with highlighted code and lazy images', async () => {
    const { token } = await signedIn(buildUser());
    const { status, body } = await trpcMutation(
      t,
      'content.preview',
      { markdown: '# 标题\n\n```python\nprint(1)\n```\n\n![图](https://example.com/a.png)' },
      token,
    );
    expect(status).toBe(200);
    const html: string = body.result.data.html;
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('class="hljs language-python"');
    expect(html).toContain('data-src="https://example.com/a.png"');
  });

  it('links @username of a member as the post will, and leaves an unknown name as text', async () => {
    const { token } = await signedIn(buildUser());
    const member = await buildUser();
    const { body } = await trpcMutation(
      t,
      'content.preview',
      { markdown: `@${member.username} 和 @nobody42` },
      token,
    );
    expect(body.result.data.html).toBe(
      `<p><a href="/user/${member._id}" class="mention">@${member.username}</a> 和 @nobody42</p>\n`,
    );
  });

  it('needs a signed-in user and refuses oversized input with a Chinese message', async () => {
    expect((await trpcMutation(t, 'content.preview', { markdown: 'x' })).status).toBe(401);
    const { token } = await signedIn(buildUser());
    const big = await trpcMutation(t, 'content.preview', { markdown: 'x'.repeat(20_001) }, token);
    expect(big.status).toBe(400);
    expect(big.body.error.data.appError.message).toBe('内容长度不能超过20000');
  });

  it('keeps every payload of the XSS corpus inert', async () => {
    const { token } = await signedIn(buildUser());
    for (const payload of xssCorpus.slice(0, 40)) {
      const { body } = await trpcMutation(t, 'content.preview', { markdown: payload.input }, token);
      expect(findXss(body.result.data.html), payload.name).toEqual([]);
    }
  });
});
