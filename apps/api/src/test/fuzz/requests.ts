/** Generators of malformed requests for the fuzz test, and the one way they are sent. */
import fc from 'fast-check';
import type { LegacyEndpoint, TrpcEndpoint } from './endpoints';

export interface FuzzRequest {
  method: string;
  /** Path and query, relative to the API's address. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export function fuzzRequest(baseUrl: string, request: FuzzRequest): Promise<Response> {
  return fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    redirect: 'manual',
  });
}

/** Field names the legacy endpoints read, so generated forms reach past "missing field" checks. */
const FIELD_NAMES = [
  'id',
  'page',
  'cursor',
  'limit',
  'entityType',
  'entityId',
  'nodeId',
  'type',
  'title',
  'content',
  'hideContent',
  'summary',
  'tags',
  'imageList',
  'quoteId',
  'userId',
  'days',
  'reason',
  'config',
  'username',
  'password',
  'rePassword',
  'oldPassword',
  'email',
  'nickname',
  'description',
  'homePage',
  'captchaId',
  'captchaCode',
  'ref',
  'keyword',
  'timeRange',
  'upTo',
  'emailNotify',
  'word',
  'name',
  'url',
  'logo',
  'sortNo',
  'status',
  'kind',
  'code',
  'state',
  'token',
  'recommend',
  'sticky',
];

const TRICKY_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[{"url":1}]',
  '{"__proto__":{"polluted":1}}',
  'topic',
  'article',
  'comment',
  'tweet',
  '../../package.json',
  '<script>alert(1)</script>',
  '\u0000',
  '%',
  '%E0%A4%A',
  '\uD800',
  '语音识别',
];

const text: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TRICKY_TEXT),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.json({ maxDepth: 2 }),
  fc.constantFrom(100, 5_000, 200_000).map((length) => 'x'.repeat(length)),
);

const fields = fc.dictionary(
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: fc.string() }),
  fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) }),
  { maxKeys: 6 },
);

type Fields = Record<string, string | string[]>;

function searchParams(values: Fields): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  return search;
}

const BOUNDARY = 'fuzzBoundary42';

function multipart(values: Fields, withFile: boolean): string {
  let body = '';
  for (const [key, value] of searchParams(values)) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  }
  if (withFile) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\nnot really\r\n`;
  }
  return `${body}--${BOUNDARY}--\r\n`;
}

interface FuzzBody {
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer>;
}

/** A body in one of the shapes clients send, or a broken one. */
const body: fc.Arbitrary<FuzzBody> = fc.oneof(
  fields.map((values) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: searchParams(values).toString(),
  })),
  fc.tuple(fields, fc.boolean()).map(([values, withFile]) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: multipart(values, withFile),
  })),
  fc.constantFrom<FuzzBody>(
    // No boundary; a boundary but the body cut short; a body that is not multipart at all.
    { headers: { 'content-type': 'multipart/form-data' }, body: 'garbage' },
    {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\ncut`,
    },
    { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=koi8-r' }, body: 'a=1' },
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      body: 'x',
    },
  ),
  fc
    .tuple(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom('application/json', 'text/plain', 'application/xml'),
    )
    .map(([value, type]) => ({ headers: { 'content-type': type }, body: JSON.stringify(value) ?? 'null' })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  })),
);

const pathSegment = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999999999999', '%2e%2e', '%E0%A4%A', '..%2f..'),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

/** A request to one legacy route: its path with generated parameters, a query and a body. */
export function legacyRequest(endpoint: LegacyEndpoint): fc.Arbitrary<FuzzRequest> {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return fc
    .record({
      method: fc.constantFrom(...endpoint.methods),
      params: fc.array(pathSegment, { minLength: names.length, maxLength: names.length }),
      query: fields,
      body,
    })
    .map(({ method, params, query, body }) => {
      let index = 0;
      const path = endpoint.path.replace(/:(\w+)/g, () => params[index++]!);
      const search = searchParams(query).toString();
      const request: FuzzRequest = {
        method,
        url: `/api${path}${search ? `?${search}` : ''}`,
        headers: method === 'GET' ? {} : { ...body.headers },
      };
      if (method !== 'GET') request.body = body.body;
      return request;
    });
}

/** A tRPC input: any JSON value, the shape of a plausible input with wrong types, or broken text. */
const trpcInput = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .dictionary(fc.constantFrom(...FIELD_NAMES), fc.oneof(fc.jsonValue({ maxDepth: 2 }), text), {
      maxKeys: 6,
    })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom('{"', '[', 'undefined', '', '\u0000', `"${'x'.repeat(100_000)}"`),
);

/** A request to one tRPC procedure, single or batched, in the transport its type uses (or not). */
export function trpcRequest(endpoint: TrpcEndpoint): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      input: trpcInput,
      batch: fc.boolean(),
      wrongMethod: fc.boolean(),
      contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
    })
    .map(({ input, batch, wrongMethod, contentType }): FuzzRequest => {
      const asQuery = (endpoint.type === 'query') !== wrongMethod;
      const wrapped = batch ? `{"0":${input}}` : input;
      const batchQuery = batch ? 'batch=1' : '';
      if (asQuery) {
        const query = [batchQuery, `input=${encodeURIComponent(wrapped)}`].filter(Boolean).join('&');
        return { method: 'GET', url: `/trpc/${endpoint.path}?${query}`, headers: {} };
      }
      return {
        method: 'POST',
        url: `/trpc/${endpoint.path}${batchQuery ? `?${batchQuery}` : ''}`,
        headers: { 'content-type': contentType },
        body: wrapped,
      };
    });
}
