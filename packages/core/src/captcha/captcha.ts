/**
 * Image captchas (docs/legacy-api.md §1.12, §4.11): four digits kept in Redis for ten minutes under
 * `captcha:<id>`. Showing the image draws new digits; verifying deletes the captcha whatever the
 * answer, so every code can be tried once.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { CAPTCHA_FIELD_MAX_LENGTH } from '@forum/contracts';
import { AppError } from '../errors';
import { kv, kvKey } from '../kv';
import { hitRateLimit } from '../rate-limit';
import { drawCaptcha } from './image';

export const CAPTCHA_TTL_SECONDS = 600;
const DIGITS = 4;
const ID_PATTERN = /^[0-9a-f]{32}$/;

function randomDigits(): string {
  return Array.from({ length: DIGITS }, () => randomInt(10)).join('');
}

function keyOf(captchaId: string): string | null {
  return ID_PATTERN.test(captchaId) ? kvKey('captcha', captchaId) : null;
}

/** Sets new digits only when the captcha still exists; returns whether it did. */
async function redraw(captchaId: string): Promise<string | null> {
  const key = keyOf(captchaId);
  if (!key) return null;
  const digits = randomDigits();
  const stored = await kv().set(key, digits, 'EX', CAPTCHA_TTL_SECONDS, 'XX');
  return stored ? digits : null;
}

/**
 * A captcha to show: the given one with new digits when it still exists, otherwise a new one.
 * Rate-limited per client IP when the transport knows it.
 */
export async function requestCaptcha(captchaId: string, ip: string | null): Promise<string> {
  if (ip) await hitRateLimit('captcha-request', ip);
  if (captchaId && (await redraw(captchaId))) return captchaId;
  const id = randomBytes(16).toString('hex');
  await kv().set(kvKey('captcha', id), randomDigits(), 'EX', CAPTCHA_TTL_SECONDS);
  return id;
}

/** The PNG of a captcha with freshly drawn digits, or null for an unknown or expired id. */
export async function captchaImage(captchaId: string, ip: string | null): Promise<Buffer | null> {
  if (ip) await hitRateLimit('captcha-show', ip);
  const digits = await redraw(captchaId);
  return digits ? drawCaptcha(digits) : null;
}

/** Whether the code answers the captcha. The captcha is consumed either way. */
export async function verifyCaptcha(captchaId: string, captchaCode: string): Promise<boolean> {
  const key = keyOf(captchaId);
  if (!key) return false;
  const digits = await kv().getdel(key);
  return !!digits && captchaCode.length <= CAPTCHA_FIELD_MAX_LENGTH && captchaCode.trim() === digits;
}

/** Throws the coded captcha error (1000 验证码错误) unless the code is right. */
export async function requireCaptcha(captchaId: string, captchaCode: string): Promise<void> {
  if (!(await verifyCaptcha(captchaId, captchaCode))) throw AppError.about('captchaCode', 'CAPTCHA_INVALID');
}

/** The URL an <img> loads; `r` defeats caches because every fetch draws new digits. */
export function captchaUrl(baseUrl: string, captchaId: string): string {
  const r = randomBytes(16).toString('hex');
  return `${baseUrl}/api/captcha/show?captchaId=${encodeURIComponent(captchaId)}&r=${r}`;
}
