import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, webContext } from './browser';

const webUrl = inject('webUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('security headers of pages', () => {
  it('sends a CSP with a fresh nonce that every inline script of the page carries', async () => {
    // Two addresses the cache has not seen: two renders.
    const first = await fetch(`${webUrl}/topics?render=${Date.now()}-1`);
    const second = await fetch(`${webUrl}/topics?render=${Date.now()}-2`);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const csp = first.headers.get('content-security-policy');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'self' 'nonce"); // scripts: ours and the nonce only
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    // A local run is http, so it is not pinned to https.
    expect(first.headers.get('strict-transport-security')).toBeNull();
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('replays a cached page with the nonce its scripts were rendered with', async () => {
    await fetch(`${webUrl}/articles`);
    const cached = await fetch(`${webUrl}/articles`);
    expect(cached.headers.get('x-page-cache')).toBe('hit');
    const nonce = nonceOf(cached.headers.get('content-security-policy'));
    expect(await cached.text()).toContain(`nonce="${nonce}"`);
  });

  it('hydrates and runs the site in Chromium without a single CSP violation', async () => {
    const context = await webContext(browser);
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/');
      await waitForHydration(page);
      await page.getByRole('link', { name: '文章' }).first().click();
      await page.waitForURL('**/articles');
      await waitForHydration(page);
      expect(violations).toEqual([]);
      // The theme switch ran before hydration: it is an inline script, allowed by its nonce.
      expect(await page.evaluate(() => document.documentElement.className)).toMatch(/light|dark/);
    } finally {
      await context.close();
    }
  });
});

/** Sign-in counts per address for a minute; other tests sign in from this machine too. */
async function forgetSignInCounts(): Promise<void> {
  const { createRedis } = await import('@forum/core');
  const redis = createRedis(inject('redisUrl'));
  try {
    const keys = await redis.keys(`${inject('redisPrefix')}rate:signin-ip:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

describe('the trust boundary of client addresses', () => {
  beforeAll(forgetSignInCounts);
  afterAll(forgetSignInCounts);

  it('counts 50 sign-ins from one socket with 50 made-up X-Forwarded-For values as one address', async () => {
    const answers: { success: boolean; message: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await fetch(`${webUrl}/api/login/signin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
        },
        body: new URLSearchParams({ username: 'nobody-here', password: 'wrong-password' }).toString(),
      });
      answers.push((await response.json()) as { success: boolean; message: string });
    }
    const limited = answers.filter((answer) => answer.message === '操作过于频繁，请稍后再试');
    // Ten a minute per address (sign-in's limit); the other forty were the same address again.
    expect(limited.length).toBe(40);
    expect(answers.slice(40).every((answer) => answer.message === '操作过于频繁，请稍后再试')).toBe(true);
  });
});

describe('the sign-in page of a signed-in reader', () => {
  it('sends them back to a ref with Chinese in it with a redirect, never a 500', async () => {
    const response = await fetch(`${webUrl}/user/signin?ref=%2F%E4%B8%AD`, {
      headers: { cookie: `userToken=${inject('ownerToken')}` },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/%E4%B8%AD');
  });
});
