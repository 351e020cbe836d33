/**
 * A bbs-go 2022 client as the contract test plays it: form bodies or query strings, the token in
 * the `X-User-Token` header (the site and admin) or the `userToken` cookie (the late-2022 Nuxt
 * site), and every answer read as the JSON envelope.
 */
import { expect } from 'vitest';
import type { TestApi } from './harness';

export interface Signed {
  token: string;
  /** How the client carries the token; the header unless said otherwise. */
  via?: 'header' | 'cookie';
}

export interface Envelope<T = unknown> {
  errorCode: number;
  message: string;
  data: T;
  success: boolean;
}

function tokenHeaders(signed?: Signed): Record<string, string> {
  if (!signed) return {};
  // The cookie is the Nuxt site's, in a browser, which says where each request comes from.
  if (signed.via === 'cookie')
    return { cookie: `userToken=${signed.token}`, 'sec-fetch-site': 'same-origin' };
  return { 'x-user-token': signed.token };
}

async function envelopeOf(response: Response): Promise<Envelope> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Envelope;
  expect(Object.keys(body)).toEqual(['errorCode', 'message', 'data', 'success']);
  return body;
}

export function legacyClient(t: TestApi) {
  return {
    async get(path: string, query: Record<string, string | number> = {}, signed?: Signed) {
      const search = new URLSearchParams(
        Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      const response = await fetch(`${t.baseUrl}${path}${search ? `?${search}` : ''}`, {
        headers: tokenHeaders(signed),
      });
      return envelopeOf(response);
    },
    async post(path: string, values: Record<string, string | number> = {}, signed?: Signed) {
      const response = await fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...tokenHeaders(signed) },
        body: new URLSearchParams(
          Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString(),
      });
      return envelopeOf(response);
    },
    async postFile(path: string, field: string, bytes: Buffer, signed?: Signed) {
      const body = new FormData();
      body.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
      const response = await fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        body,
        headers: tokenHeaders(signed),
      });
      return envelopeOf(response);
    },
  };
}

/** The data of a successful answer; fails the test with the answer's message otherwise. */
export function dataOf<T = any>(body: Envelope): T {
  expect(body, body.message).toMatchObject({ errorCode: 0, message: '', success: true });
  return body.data as T;
}

/** The shape a legacy client reads of a UserInfo. */
export const USER_INFO = {
  id: expect.any(Number),
  nickname: expect.any(String),
  avatar: expect.any(String),
  smallAvatar: expect.any(String),
  topicCount: expect.any(Number),
  commentCount: expect.any(Number),
  fansCount: expect.any(Number),
  followCount: expect.any(Number),
  score: expect.any(Number),
  description: expect.any(String),
  createTime: expect.any(Number),
  followed: expect.any(Boolean),
  // Ours, after the legacy keys: the level of the user's points.
  level: expect.any(Number),
  levelTitle: expect.any(String),
};

/** A cursor page: `{results, cursor (a string), hasMore}`. */
export function expectCursorPage(data: unknown): asserts data is { results: any[] | null } {
  expect(data).toEqual({
    results: expect.toSatisfy((value) => value === null || Array.isArray(value)),
    cursor: expect.any(String),
    hasMore: expect.any(Boolean),
  });
}

/** A numbered page: `{results, page: {page, limit, total}}`. */
export function expectNumberedPage(data: unknown): asserts data is { results: any[] | null } {
  expect(data).toEqual({
    page: { page: expect.any(Number), limit: expect.any(Number), total: expect.any(Number) },
    results: expect.toSatisfy((value) => value === null || Array.isArray(value)),
  });
}
