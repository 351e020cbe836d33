/**
 * The public port refuses every request target that is not an origin-form path before any handler
 * sees it, so no request makes the web server reach another host: each vector below is sent as
 * written on a raw socket, and a listener on a loopback port counts every connection it gets (none
 * may come). What is internal (the API's and worker's metrics and readiness, the page cache's
 * shared render) stays internal, and sign-in answers never show the page the token.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, shownCaptchaDigits, waitForHydration, webContext } from './browser';
import { RawConnection, rawRequest, startHitCounter } from './raw-http';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const webHost = new URL(webUrl).host;
const apiHost = new URL(apiUrl).host;

let counter: Awaited<ReturnType<typeof startHitCounter>>;
let browser: Browser;
beforeAll(async () => {
  counter = await startHitCounter();
  browser = await launchBrowser();
});
afterAll(async () => {
  await counter?.close();
  await browser?.close();
});

/** The targets that once made the page cache fetch `host`, and their encoded and mixed-slash kin. */
function foreignTargets(host: string, path = '/x'): string[] {
  const [name, port] = host.split(':');
  return [
    `//${host}${path}`,
    `/\\${host}${path}`,
    `http://${host}${path}`,
    `HTTP://${host}${path}`,
    `https://${host}${path}`,
    `/%2F${host}${path}`,
    `/%2f%2f${host}${path}`,
    `/%5C${host}${path}`,
    `/%5c%2F${host}${path}`,
    `/\\/${host}${path}`,
    `//\\${host}${path}`,
    `/%252F${host}${path}`,
    `/%25252f${host}${path}`,
    `/%09/${host}${path}`,
    `//${name}%3A${port}${path}`,
  ];
}

/** The status a raw GET of `target` gets from the web port. */
async function statusOf(target: string, method = 'GET'): Promise<number> {
  const response = await rawRequest(
    webUrl,
    `${method} ${target} HTTP/1.1\r\nHost: ${webHost}\r\nConnection: close`,
  );
  return response.status;
}

describe('request targets that name another host', () => {
  afterEach(() => {
    // Whatever a test sent, nothing reached the listener.
    expect(counter.hits()).toEqual([]);
  });

  it('answers 400 to every form of //host, /\\host and the absolute form, and connects nowhere', async () => {
    const host = `127.0.0.1:${counter.port}`;
    for (const target of [...foreignTargets(host), ...foreignTargets(host, '/user/')]) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        expect({ target, method, status: await statusOf(target, method) }).toEqual({
          target,
          method,
          status: 400,
        });
      }
    }
    // The address of a cloud's metadata service, as in the report: refused the same way.
    expect(await statusOf('//169.254.169.254/latest/meta-data/')).toBe(400);
  });

  it("never shows the API's or the worker's metrics and readiness through the public port", async () => {
    for (const path of ['/metrics', '/readyz']) {
      for (const target of foreignTargets(apiHost, path)) {
        const response = await rawRequest(
          webUrl,
          `GET ${target} HTTP/1.1\r\nHost: ${webHost}\r\nConnection: close`,
        );
        expect({ target, status: response.status }).toEqual({ target, status: 400 });
        expect(response.body.toString()).not.toMatch(/forum_|readModel|mongo/);
      }
    }
    // Dot segments into the API's own paths are refused before they are passed on.
    for (const target of [
      '/api/../metrics',
      '/api/%2e%2e/metrics',
      '/trpc/.%2E/readyz',
      '/uploads/..%2f..%2fmetrics',
    ])
      expect({ target, status: await statusOf(target) }).toEqual({ target, status: 400 });
    // The public port's own /metrics is no proxy of the API's.
    const metrics = await fetch(`${webUrl}/metrics`);
    expect(await metrics.text()).not.toContain('forum_');
  });

  it('refuses the same targets on a websocket upgrade', async () => {
    const upgrade =
      '\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==';
    for (const target of foreignTargets(
      `127.0.0.1:${counter.port}`,
      '/socket.io/?EIO=4&transport=websocket',
    )) {
      const response = await rawRequest(
        webUrl,
        `GET ${target} HTTP/1.1\r\nHost: ${webHost}\r\nConnection: Upgrade${upgrade}`,
      );
      expect({ target, status: response.status }).toEqual({ target, status: 400 });
    }
  });

  it('still serves pages, API paths and queries holding slashes and backslashes', async () => {
    for (const target of ['/topics', '/api/topic/topics', '/search?q=%5C%2F%2Fa', '/topics?x=//127.0.0.1/']) {
      expect({ target, status: await statusOf(target) }).toEqual({ target, status: 200 });
    }
  });

  it('keeps the connection usable after a refused target', async () => {
    const connection = await RawConnection.open(webUrl);
    try {
      await connection.write(`GET //127.0.0.1:${counter.port}/x HTTP/1.1\r\nHost: ${webHost}\r\n\r\n`);
      expect((await connection.next()).status).toBe(400);
      await connection.write(`GET /api/topic/topics HTTP/1.1\r\nHost: ${webHost}\r\n\r\n`);
      expect((await connection.next()).status).toBe(200);
    } finally {
      connection.close();
    }
  });
});

describe('what stays internal', () => {
  it("tells a forwarded or remote probe only whether the site is ready, never the API's report", async () => {
    const forwarded = await fetch(`${webUrl}/readyz`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwarded.status).toBe(200);
    expect(await forwarded.json()).toEqual({ ready: true });
    // An operator on this machine, straight to the port, sees what is behind it.
    const direct = (await (await fetch(`${webUrl}/readyz`)).json()) as Record<string, unknown>;
    expect(direct).toMatchObject({ ready: true, api: { readModel: 'ready' }, pageCache: 'listening' });
  });
});

describe('a foreign service worker', () => {
  it('cannot be registered on our origin through any path naming another host', async () => {
    const host = `127.0.0.1:${counter.port}`;
    const context = await webContext(browser);
    try {
      const page = await context.newPage();
      // A foreign page opened on our origin (the attack's first step) is not there to open.
      for (const target of [`/%2F${host}/user/`, `/%5C${host}/user/`, `//${host}/user/`]) {
        const response = await page.goto(`${webUrl}${target}`);
        expect({ target, status: response?.status() }).toEqual({ target, status: 400 });
        expect(await page.content()).not.toContain('foreign');
      }
      // A script of ours that someone made register a worker from such a path gets nothing either.
      await page.goto('/');
      await waitForHydration(page);
      const outcomes = await page.evaluate(async (foreign) => {
        const results: string[] = [];
        for (const url of [
          `/%2F${foreign}/evil-sw.js`,
          `/%5C${foreign}/evil-sw.js`,
          `/%252F${foreign}/evil-sw.js`,
        ]) {
          try {
            await navigator.serviceWorker.register(url, { scope: '/' });
            results.push(`registered ${url}`);
          } catch {
            results.push('refused');
          }
        }
        const registrations = await navigator.serviceWorker.getRegistrations();
        for (const registration of registrations) {
          const worker = registration.installing ?? registration.waiting ?? registration.active;
          results.push(`worker ${worker?.scriptURL}`);
        }
        return results;
      }, host);
      expect(outcomes.slice(0, 3)).toEqual(['refused', 'refused', 'refused']);
      // Only our own worker, if the page registered it.
      for (const line of outcomes.slice(3)) expect(line).toBe(`worker ${webUrl}/sw.js`);
      expect(counter.hits()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('sign-in answers', () => {
  it('sign the web app in through its form with the token in the HttpOnly cookie only', async () => {
    const reader = await makeStackReader('门口的读者', [], 'secret-123');
    const context = await webContext(browser);
    try {
      const page = await context.newPage();
      // What the page's own scripts receive from the sign-in call, kept across a reload.
      await page.addInitScript(() => {
        const original = window.fetch;
        window.fetch = async (...args) => {
          const response = await original(...args);
          const url = String(args[0] instanceof Request ? args[0].url : args[0]);
          if (url.includes('/trpc/users.signin'))
            sessionStorage.setItem('signin-answer', await response.clone().text());
          return response;
        };
      });
      await page.goto('/user/signin');
      await waitForHydration(page);
      const form = page.getByTestId('signin-form');
      await form.locator('input[name="username"]').fill(`user${reader.id}`);
      await form.locator('input[name="password"]').fill('secret-123');
      await form.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page));
      await form.getByRole('button', { name: '登录' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForHydration(page);
      await page.getByTestId('desktop-nav').getByTestId('user-menu').waitFor();
      const cookie = (await context.cookies(webUrl)).find((entry) => entry.name === 'userToken');
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie!.value).toMatch(/^[0-9a-f]{64}$/);
      const body = await page.evaluate(() => sessionStorage.getItem('signin-answer'));
      expect(body).toContain('门口的读者');
      expect(body).not.toContain(cookie!.value);
      // Nor can a script of the page read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain(cookie!.value);
    } finally {
      await context.close();
    }
  });
});
