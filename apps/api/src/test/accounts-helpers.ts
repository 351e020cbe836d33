/** Test helpers for the account endpoints: captchas answered from Redis, sign-up and sign-in, rate-limit resets. */
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { createRedis, type Redis } from '@forum/core';
import { testServiceUrls } from '@forum/core/testing';
import { call, postForm, type HttpResult } from './client';
import type { TestApi } from './harness';

let redis: Redis | undefined;

/** A Redis client for peeking at the API's keys; closed after the file. */
export function testRedis(): Redis {
  if (!redis) {
    redis = createRedis(testServiceUrls().redisUrl);
    afterAll(async () => {
      await redis?.quit();
      redis = undefined;
    });
  }
  return redis;
}

/** The digits of a captcha, read where the API keeps them. */
export async function captchaDigits(t: TestApi, captchaId: string): Promise<string | null> {
  return testRedis().get(`${t.prefix}captcha:${captchaId}`);
}

/** A fresh captcha and its right answer. */
export async function solvedCaptcha(t: TestApi): Promise<{ captchaId: string; captchaCode: string }> {
  const { body } = await call(t, '/api/captcha/request');
  const captchaId = body.data.captchaId as string;
  const captchaCode = await captchaDigits(t, captchaId);
  if (!captchaCode) throw new Error('captcha not stored');
  return { captchaId, captchaCode };
}

/** Forgets every rate-limit counter and failure delay of the API, so a test starts with a clean slate. */
export async function resetRateLimits(t: TestApi): Promise<void> {
  const keys = [
    ...(await testRedis().keys(`${t.prefix}rate:*`)),
    ...(await testRedis().keys(`${t.prefix}delay:*`)),
  ];
  if (keys.length) await testRedis().del(...keys);
}

/** Sign-up form values that pass every check; override one field to test its rule. */
export function signUpForm(overrides: Record<string, string> = {}): Record<string, string> {
  const tag = randomBytes(5).toString('hex');
  return {
    nickname: `新人${tag.slice(0, 4)}`,
    email: `p${tag}@example.com`,
    username: `u${tag}`,
    password: 'secret-pass',
    rePassword: 'secret-pass',
    ...overrides,
  };
}

/** Signs up through the API with a solved captcha. */
export async function signUpVia(t: TestApi, values: Record<string, string>): Promise<HttpResult> {
  return postForm(t, '/api/login/signup', { ...(await solvedCaptcha(t)), ...values });
}

/** Signs in through the API with a solved captcha. */
export async function signInVia(t: TestApi, values: Record<string, string>): Promise<HttpResult> {
  return postForm(t, '/api/login/signin', { ...(await solvedCaptcha(t)), ...values });
}
