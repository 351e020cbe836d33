/**
 * What the public port tells about the site's health: to a direct loopback connection whether it
 * can serve and which part cannot, and nothing else (no address, port, version or stack), also
 * when the API is gone; through a proxy or from elsewhere only whether it can serve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../test/harness';
import { startWebProcess, type WebProcess } from '../test/web-process';

let t: TestApi;
let web: WebProcess;
beforeAll(async () => {
  t = await startTestApi();
  web = await startWebProcess(t.baseUrl);
}, 600_000);
afterAll(async () => {
  await web?.stop();
  await t?.close();
});

describe('readiness on the public port', () => {
  it('names the parts and their state, nothing more, and no internal address when the API is down', async () => {
    const ready = await fetch(`${web.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      api: { mongo: true, redis: true, readModel: 'ready' },
      pageCache: 'off',
    });
    const proxied = await fetch(`${web.url}/readyz`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await proxied.json()).toEqual({ ready: true });

    const apiPort = new URL(t.baseUrl).port;
    await t.close();
    const down = await fetch(`${web.url}/readyz`);
    expect(down.status).toBe(503);
    const text = await down.text();
    expect(JSON.parse(text)).toMatchObject({ ready: false, pageCache: 'off' });
    expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['api', 'pageCache', 'ready']);
    expect(text).not.toContain(apiPort);
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|ECONNREFUSED|\bat\s/);
  });
});
