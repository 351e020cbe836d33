import { describe, expect, inject, it } from 'vitest';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const ownerToken = inject('ownerToken');

async function legacyPost(
  path: string,
  values: Record<string, string>,
): Promise<{ data: Record<string, number> }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'x-user-token': ownerToken, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });
  return (await response.json()) as { data: Record<string, number> };
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${webUrl}${path}`, { headers });
  return {
    state: response.headers.get('x-page-cache'),
    body: await response.text(),
    status: response.status,
  };
}

describe('the page cache for visitors', () => {
  it('serves a rendered page again until a write changes what it shows', async () => {
    const { data } = await legacyPost('/api/topic/create', {
      title: '缓存里的话题',
      content: '缓存测试的正文',
    });
    const path = `/topic/${data.topicId}`;
    const first = await page(path);
    expect(first).toMatchObject({ status: 200, state: 'miss' });
    expect(first.body).toContain('缓存里的话题');
    // The creation's own projections (the API's, then its event jobs': read model, points, feed)
    // may still drop the cache for a while: ask until an answer comes from it.
    let cached = await page(path);
    for (const deadline = Date.now() + 10_000; cached.state !== 'hit' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cached = await page(path);
    }
    expect(cached).toMatchObject({ status: 200, state: 'hit' });
    expect(cached.body).toContain('缓存里的话题');

    await legacyPost('/api/comment/create', {
      entityType: 'topic',
      entityId: String(data.topicId),
      content: '写入之后的新评论',
    });
    await expect
      .poll(async () => (await page(path)).body.includes('写入之后的新评论'), {
        timeout: 2000,
        interval: 100,
      })
      .toBe(true);
  });

  it('never answers a signed-in reader from the cache', async () => {
    await page('/');
    const signedIn = await page('/', { cookie: `userToken=${ownerToken}` });
    expect(signedIn.state).toBe('bypass');
    expect((await page('/', { 'x-user-token': ownerToken })).state).toBe('bypass');
  });
});
