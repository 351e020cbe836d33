/** HTTP helpers for the follow and moderation tests: raw legacy envelopes and tRPC bodies. */
import type { TestApi } from './harness';

export interface LegacyBody {
  errorCode: number;
  message: string;
  data: unknown;
  success: boolean;
}

function params(values: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) search.set(key, String(value));
  return search.toString();
}

function tokenHeader(token?: string): Record<string, string> {
  return token ? { 'x-user-token': token } : {};
}

/** A GET (or another method without a body) with the values in the query string. */
export async function legacyGet(
  t: TestApi,
  path: string,
  query: Record<string, string | number> = {},
  token?: string,
  method: 'GET' | 'DELETE' = 'GET',
): Promise<LegacyBody> {
  const search = params(query);
  const response = await fetch(`${t.baseUrl}${path}${search ? `?${search}` : ''}`, {
    method,
    headers: tokenHeader(token),
  });
  return (await response.json()) as LegacyBody;
}

export async function legacyPost(
  t: TestApi,
  path: string,
  values: Record<string, string | number> = {},
  token?: string,
  method: 'POST' | 'PUT' = 'POST',
): Promise<LegacyBody> {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...tokenHeader(token) },
    body: params(values),
  });
  return (await response.json()) as LegacyBody;
}

export interface TrpcResult {
  status: number;
  body: { result?: { data: unknown }; error?: { message: string; data: Record<string, unknown> } };
}

export async function trpcQuery(
  t: TestApi,
  path: string,
  input?: unknown,
  token?: string,
): Promise<TrpcResult> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${t.baseUrl}/trpc/${path}${search}`, { headers: tokenHeader(token) });
  return { status: response.status, body: (await response.json()) as TrpcResult['body'] };
}

export async function trpcMutation(
  t: TestApi,
  path: string,
  input: unknown,
  token?: string,
): Promise<TrpcResult> {
  const response = await fetch(`${t.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...tokenHeader(token) },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as TrpcResult['body'] };
}

/**
 * Posts each form to `path` and returns what it answered as `[form, message]` pairs of the
 * refusals, for comparing with the expected texts in one assertion (a success shows as "ok").
 */
export async function refusalsOf(
  t: TestApi,
  path: string,
  cases: [Record<string, string | number>, string][],
  token?: string,
): Promise<[Record<string, string | number>, string][]> {
  const answered: [Record<string, string | number>, string][] = [];
  for (const [values] of cases) {
    const body = await legacyPost(t, path, values, token);
    answered.push([values, body.success ? 'ok' : body.message]);
  }
  return answered;
}
