/**
 * Malformed input against every legacy route and tRPC procedure, as a visitor and as a signed-in
 * user, sent to the API's port and through the public port (the production web server in front of
 * it, as users and attackers reach the site): whatever arrives (wrong types, missing and repeated
 * fields, huge and binary strings, broken multipart and JSON, wrong content types, odd path
 * segments), the answer is a clear refusal, never a 5xx or the envelope of an unhandled error
 * ("服务器异常"). The same generated cases go through both doors.
 *
 * `npm test` runs FUZZ_RUNS (default 2) cases per endpoint, role and door; a deeper run:
 * `FUZZ_RUNS=200 npm test -- apps/api/src/test/fuzz`. A failure prints fast-check's seed and the
 * shrunk request, which replay with FUZZ_SEED=<seed>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages } from '@forum/contracts';
import { issueToken, userFromToken } from '@forum/core';
import { legacyEndpoints, trpcEndpoints } from './endpoints';
import { fuzzRequest, legacyRequest, trpcRequest, type FuzzRequest } from './requests';
import { buildNode, buildUser, signedIn } from '@forum/core/testing';
import { startTestApi, type TestApi } from '../harness';
import { resetRateLimits } from '../accounts-helpers';
import { startWebProcess, type WebProcess } from '../web-process';

const runs = Number(process.env.FUZZ_RUNS ?? 2);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApi;
let web: WebProcess;
let userId: number;
let token: string;
beforeAll(async () => {
  // Vitest sets BASE_URL to Vite's '/', and the OAuth routes read their settings from the
  // environment on each request, as a deployment has them.
  process.env.BASE_URL = 'http://localhost:3000';
  t = await startTestApi();
  web = await startWebProcess(t.baseUrl);
  await buildNode();
  const made = await signedIn(buildUser());
  userId = made.user._id;
  token = made.token;
}, 600_000);
afterAll(async () => {
  await web?.stop();
  await t?.close();
});

/** The API's own port, and the public port of the web server in front of it. */
const doors = [
  { door: 'the API port', url: () => t.baseUrl },
  { door: 'the public port', url: () => web.url },
] as const;

/** The signed-in role's token, issued again when a case signed it out (sign-out is an endpoint too). */
async function signedInToken(): Promise<string> {
  if (!(await userFromToken(token))) token = (await issueToken(userId, 7)).token;
  return token;
}

async function expectHandled(baseUrl: string, request: FuzzRequest): Promise<void> {
  const response = await fuzzRequest(baseUrl, request);
  const text = await response.text();
  const described = `${request.method} ${request.url} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, described).toBeLessThan(500);
  expect(text.includes(ErrorMessages.INTERNAL), described).toBe(false);
}

const roles = ['visitor', 'signed-in'] as const;

async function fuzz(baseUrl: string, arbitrary: fc.Arbitrary<FuzzRequest>, role: (typeof roles)[number]) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      if (role === 'signed-in') request.headers['x-user-token'] = await signedInToken();
      await expectHandled(baseUrl, request);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
}

/** A test per door and role, each sending every endpoint its generated cases. */
function fuzzEach<Endpoint>(
  endpoints: Endpoint[],
  requestOf: (endpoint: Endpoint) => fc.Arbitrary<FuzzRequest>,
) {
  for (const { door, url } of doors) {
    for (const role of roles) {
      it(`as a ${role}, through ${door}`, { timeout: 600_000 }, async () => {
        for (const endpoint of endpoints) {
          // Rate limits would answer every later case the same way; start each endpoint afresh.
          await resetRateLimits(t);
          await fuzz(url(), requestOf(endpoint), role);
        }
      });
    }
  }
}

describe('every legacy route answers malformed input with a clear refusal', () => {
  const endpoints = legacyEndpoints();

  it('finds the routes in the router', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    expect(endpoints).toContainEqual({ path: '/topic/create', methods: ['POST'] });
  });

  fuzzEach(endpoints, legacyRequest);
});

describe('every tRPC procedure answers malformed input with a clear refusal', () => {
  const endpoints = trpcEndpoints();

  it('finds the procedures in the router', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    expect(endpoints).toContainEqual({ path: 'topics.create', type: 'mutation' });
  });

  fuzzEach(endpoints, trpcRequest);
});
