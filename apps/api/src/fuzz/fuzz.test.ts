/**
 * Malformed input against every legacy route and tRPC procedure, as a visitor and as a signed-in
 * user: whatever arrives (wrong types, missing and repeated fields, huge and binary strings, broken
 * multipart and JSON, wrong content types, odd path segments), the answer is a clear refusal, never
 * a 5xx or the envelope of an unhandled error ("服务器异常").
 *
 * `npm test` runs FUZZ_RUNS (default 2) cases per endpoint and role; a deeper run:
 * `FUZZ_RUNS=200 npm test -- apps/api/src/fuzz`. A failure prints fast-check's seed and the
 * shrunk request, which replay with FUZZ_SEED=<seed>.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages } from '@forum/contracts';
import { issueToken, userFromToken } from '@forum/core';
import { legacyEndpoints, trpcEndpoints } from './endpoints';
import { fuzzRequest, legacyRequest, trpcRequest, type FuzzRequest } from './requests';
import { buildNode, buildUser, signedIn } from '@forum/core/testing';
import { startTestApi, type TestApi } from '../test/harness';
import { resetRateLimits } from '../test/accounts-helpers';

const runs = Number(process.env.FUZZ_RUNS ?? 2);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApi;
let userId: number;
let token: string;
beforeAll(async () => {
  // Vitest sets BASE_URL to Vite's '/', and the OAuth routes read their settings from the
  // environment on each request, as a deployment has them.
  process.env.BASE_URL = 'http://localhost:3000';
  t = await startTestApi();
  await buildNode();
  const made = await signedIn(buildUser());
  userId = made.user._id;
  token = made.token;
}, 60_000);
afterAll(() => t?.close());

/** The signed-in role's token, issued again when a case signed it out (sign-out is an endpoint too). */
async function signedInToken(): Promise<string> {
  if (!(await userFromToken(token))) token = (await issueToken(userId, 7)).token;
  return token;
}

async function expectHandled(request: FuzzRequest): Promise<void> {
  const response = await fuzzRequest(t.baseUrl, request);
  const text = await response.text();
  const described = `${request.method} ${request.url} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, described).toBeLessThan(500);
  expect(text.includes(ErrorMessages.INTERNAL), described).toBe(false);
}

const roles = ['visitor', 'signed-in'] as const;

async function fuzz(arbitrary: fc.Arbitrary<FuzzRequest>, role: (typeof roles)[number]) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      if (role === 'signed-in') request.headers['x-user-token'] = await signedInToken();
      await expectHandled(request);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
}

describe('every legacy route answers malformed input with a clear refusal', () => {
  const endpoints = legacyEndpoints();

  it('finds the routes in the router', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    expect(endpoints).toContainEqual({ path: '/topic/create', methods: ['POST'] });
  });

  for (const role of roles) {
    it(`as a ${role}`, { timeout: 600_000 }, async () => {
      for (const endpoint of endpoints) {
        // Rate limits would answer every later case the same way; start each route afresh.
        await resetRateLimits(t);
        await fuzz(legacyRequest(endpoint), role);
      }
    });
  }
});

describe('every tRPC procedure answers malformed input with a clear refusal', () => {
  const endpoints = trpcEndpoints();

  it('finds the procedures in the router', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    expect(endpoints).toContainEqual({ path: 'topics.create', type: 'mutation' });
  });

  for (const role of roles) {
    it(`as a ${role}`, { timeout: 600_000 }, async () => {
      for (const endpoint of endpoints) {
        await resetRateLimits(t);
        await fuzz(trpcRequest(endpoint), role);
      }
    });
  }
});
