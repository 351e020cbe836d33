import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../test/client';
import { useTestApi } from '../test/harness';
import { captchaDigits, resetRateLimits, testRedis } from '../test/accounts-helpers';

/** The configured site address, deliberately not where the test reaches the API. */
const SITE = 'https://bbs.example.org';

const t = useTestApi({ BASE_URL: SITE });

/** The captcha's address on the test API (its path and query on the configured site). */
const onTestApi = (captchaUrl: string) => `${t.baseUrl}${captchaUrl.slice(SITE.length)}`;
beforeEach(() => resetRateLimits(t));

async function newCaptcha(query = ''): Promise<{ captchaId: string; captchaUrl: string }> {
  const { body } = await call(t, `/api/captcha/request${query}`);
  return body.data;
}

describe('GET /api/captcha/request', () => {
  it('answers {captchaId, captchaUrl} and keeps 4 digits for ten minutes', async () => {
    const response = await call(t, '/api/captcha/request');
    expect(Object.keys(response.body)).toEqual(['errorCode', 'message', 'data', 'success']);
    expect(Object.keys(response.body.data)).toEqual(['captchaId', 'captchaUrl']);
    const { captchaId, captchaUrl } = response.body.data;
    expect(captchaUrl).toMatch(
      new RegExp(`^${SITE}/api/captcha/show\\?captchaId=${captchaId}&r=[0-9a-f]{32}$`),
    );
    expect(await captchaDigits(t, captchaId)).toMatch(/^\d{4}$/);
    const ttl = await testRedis().ttl(`${t.prefix}captcha:${captchaId}`);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('builds the URL from BASE_URL, whatever Host the request names', async () => {
    const response = await call(t, '/api/captcha/request', { headers: { host: 'evil.example.com' } });
    expect(response.body.data.captchaUrl.startsWith(`${SITE}/api/captcha/show?`)).toBe(true);
  });

  it('keeps the id of a live captcha and draws new digits for it', async () => {
    const { captchaId } = await newCaptcha();
    const seen = new Set([await captchaDigits(t, captchaId)]);
    for (let i = 0; i < 5 && seen.size === 1; i++) {
      expect((await newCaptcha(`?captchaId=${captchaId}`)).captchaId).toBe(captchaId);
      seen.add(await captchaDigits(t, captchaId));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('makes a new captcha for an unknown id', async () => {
    const unknown = 'f'.repeat(32);
    const { captchaId } = await newCaptcha(`?captchaId=${unknown}`);
    expect(captchaId).not.toBe(unknown);
    expect(await captchaDigits(t, unknown)).toBeNull();
  });

  it('allows 30 requests a minute from one IP', async () => {
    for (let i = 0; i < 30; i++) expect((await call(t, '/api/captcha/request')).body.success).toBe(true);
    expect((await call(t, '/api/captcha/request')).body).toEqual({
      errorCode: 0,
      message: '操作过于频繁，请稍后再试',
      data: null,
      success: false,
    });
  });
});

describe('GET /api/captcha/show', () => {
  it('answers a 240×80 PNG and draws new digits on every fetch', async () => {
    const { captchaId, captchaUrl } = await newCaptcha();
    const seen = new Set<string | null>();
    for (let i = 0; i < 5 && seen.size < 2; i++) {
      const response = await fetch(onTestApi(captchaUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      const image = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(image).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 240, height: 80 });
      seen.add(await captchaDigits(t, captchaId));
    }
    expect(seen.size).toBe(2);
  });

  it('answers 404 for an unknown or missing id', async () => {
    const unknown = await call(t, `/api/captcha/show?captchaId=${'a'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('');
    expect((await call(t, '/api/captcha/show')).status).toBe(404);
  });
});

describe('GET /api/captcha/verify', () => {
  it('answers success true for the right code, once', async () => {
    const { captchaId } = await newCaptcha();
    const code = await captchaDigits(t, captchaId);
    const first = await call(t, `/api/captcha/verify?captchaId=${captchaId}&captchaCode=${code}`);
    expect(first.body).toEqual({ errorCode: 0, message: '', data: { success: true }, success: true });
    const second = await call(t, `/api/captcha/verify?captchaId=${captchaId}&captchaCode=${code}`);
    expect(second.body.data).toEqual({ success: false });
  });

  it('a wrong code uses the captcha up', async () => {
    const { captchaId } = await newCaptcha();
    const code = (await captchaDigits(t, captchaId))!;
    const wrong = code === '0000' ? '1111' : '0000';
    const response = await call(t, `/api/captcha/verify?captchaId=${captchaId}&captchaCode=${wrong}`);
    expect(response.body.data).toEqual({ success: false });
    expect(await captchaDigits(t, captchaId)).toBeNull();
  });
});
