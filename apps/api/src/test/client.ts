/**
 * The HTTP client of the API tests: plain requests, the bbs-go 2022 legacy layer (form bodies or
 * query strings, answers in the `{errorCode, message, data, success}` envelope) and tRPC, each made
 * as a signed-in user when given a token; and the matchers for the envelope.
 */
import { expect } from 'vitest';
import type { TestApi } from './harness';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  // Tests read arbitrary JSON shapes.
  body: any;
}

/** Any request; the body is read as JSON when it is JSON, else null. */
export async function call(t: TestApi, path: string, init?: RequestInit): Promise<HttpResult> {
  const response = await fetch(`${t.baseUrl}${path}`, init);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** The token an answer set in the `userToken` cookie, or null. */
export function tokenCookie(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const match = /^userToken=([^;]+)/.exec(line);
    if (match) return decodeURIComponent(match[1]!);
  }
  return null;
}

/** A POST of `values` as an HTML form sends them. */
export function form(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  };
}

export function postForm(
  t: TestApi,
  path: string,
  values: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  const init = form(values);
  return call(t, path, { ...init, headers: { ...init.headers, ...headers } });
}

export interface Envelope<T = unknown> {
  errorCode: number;
  message: string;
  data: T;
  success: boolean;
}

/** A token and how the client carries it: the `X-User-Token` header unless said otherwise. */
export interface Signed {
  token: string;
  /** The late-2022 Nuxt site sends the `userToken` cookie instead. */
  via?: 'header' | 'cookie';
}

type Values = Record<string, string | number>;

function params(values: Values): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) search.set(key, String(value));
  return search.toString();
}

function tokenHeaders(signed?: string | Signed): Record<string, string> {
  if (!signed) return {};
  if (typeof signed === 'string') return { 'x-user-token': signed };
  // The cookie is the Nuxt site's, in a browser, which says where each request comes from.
  if (signed.via === 'cookie')
    return { cookie: `userToken=${signed.token}`, 'sec-fetch-site': 'same-origin' };
  return { 'x-user-token': signed.token };
}

function legacyRequest(
  t: TestApi,
  path: string,
  request: { method: string; query?: Values; values?: Values; signed?: string | Signed },
): Promise<Response> {
  const search = request.query ? params(request.query) : '';
  return fetch(`${t.baseUrl}${path}${search ? `?${search}` : ''}`, {
    method: request.method,
    headers: {
      ...(request.values ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...tokenHeaders(request.signed),
    },
    body: request.values ? params(request.values) : undefined,
  });
}

/** A GET (or another method without a body) with the values in the query string. */
export async function legacyGet(
  t: TestApi,
  path: string,
  query: Values = {},
  token?: string,
  method: 'GET' | 'DELETE' = 'GET',
): Promise<Envelope> {
  const response = await legacyRequest(t, path, { method, query, signed: token });
  return (await response.json()) as Envelope;
}

/** A POST (or PUT) of the values as a form. */
export async function legacyPost(
  t: TestApi,
  path: string,
  values: Values = {},
  token?: string,
  method: 'POST' | 'PUT' = 'POST',
): Promise<Envelope> {
  const response = await legacyRequest(t, path, { method, values, signed: token });
  return (await response.json()) as Envelope;
}

/**
 * Posts each form to `path` and returns what it answered as `[form, message]` pairs of the
 * refusals, for comparing with the expected texts in one assertion (a success shows as "ok").
 */
export async function refusalsOf(
  t: TestApi,
  path: string,
  cases: [Values, string][],
  token?: string,
): Promise<[Values, string][]> {
  const answered: [Values, string][] = [];
  for (const [values] of cases) {
    const body = await legacyPost(t, path, values, token);
    answered.push([values, body.success ? 'ok' : body.message]);
  }
  return answered;
}

/** Reads an answer as a bbs-go client does, checking that it is the JSON envelope with its keys in order. */
async function envelopeOf(response: Response): Promise<Envelope> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Envelope;
  expect(Object.keys(body)).toEqual(['errorCode', 'message', 'data', 'success']);
  return body;
}

/** A bbs-go 2022 client as the contract test plays it, the token in the header or the cookie. */
export function legacyClient(t: TestApi) {
  return {
    async get(path: string, query: Values = {}, signed?: Signed) {
      return envelopeOf(await legacyRequest(t, path, { method: 'GET', query, signed }));
    },
    async post(path: string, values: Values = {}, signed?: Signed) {
      return envelopeOf(await legacyRequest(t, path, { method: 'POST', values, signed }));
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

export interface TrpcResult {
  status: number;
  headers: Headers;
  text: string;
  /** `{result: {data}}` or `{error: {message, data}}`; tests read arbitrary JSON shapes. */
  body: any;
}

/** A token, sent as `X-User-Token`, or the headers to send as they are (cookies, origins). */
type As = string | Record<string, string>;

function headersOf(as?: As): Record<string, string> {
  return typeof as === 'string' ? tokenHeaders(as) : (as ?? {});
}

async function trpcResult(response: Response): Promise<TrpcResult> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

/** A query; without `input` the path goes as it is (a batch, a query string of its own). */
export async function trpcQuery(t: TestApi, path: string, input?: unknown, as?: As): Promise<TrpcResult> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return trpcResult(await fetch(`${t.baseUrl}/trpc/${path}${search}`, { headers: headersOf(as) }));
}

/** A mutation; without `input` it sends no body. */
export async function trpcMutation(t: TestApi, path: string, input: unknown, as?: As): Promise<TrpcResult> {
  const response = await fetch(`${t.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersOf(as) },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
  return trpcResult(response);
}

/** The envelope of a success carrying `data`. */
export const success = (data: unknown) => ({ errorCode: 0, message: '', data, success: true });

/** The envelope of a refusal told in words only (errorCode 0). */
export const refusal = (text: string) => ({ errorCode: 0, message: text, data: null, success: false });

/** The envelope of a refusal with its code (1 not signed in, 1001 muted, …). */
export const coded = (errorCode: number, text: string) => ({
  errorCode,
  message: text,
  data: null,
  success: false,
});

/** The data of a successful answer; fails the test with the answer's message otherwise. */
export function dataOf<T = any>(body: Envelope): T {
  expect(body, body.message).toMatchObject({ errorCode: 0, message: '', success: true });
  return body.data as T;
}

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
