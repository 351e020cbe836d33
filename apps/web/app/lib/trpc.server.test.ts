import { afterEach, describe, expect, it } from 'vitest';
import type { LocalTrpc } from '@forum/api/local';
import { busyRetryAfter } from './trpc.server';

const LOCAL_TRPC = Symbol.for('forum.local-trpc');
const registry = globalThis as { [LOCAL_TRPC]?: Partial<LocalTrpc> };

/** A tRPC error as a call answers it, with the HTTP status its code maps to. */
function callError(httpStatus: number, cause?: Error): Error {
  return Object.assign(new Error('failed', cause ? { cause } : undefined), { data: { httpStatus } });
}

afterEach(() => {
  delete registry[LOCAL_TRPC];
});

describe('a page whose API could not answer now', () => {
  it('is the busy page with the API’s Retry-After when an in-process call was answered 503', () => {
    registry[LOCAL_TRPC] = { unavailableRetryAfterSeconds: 7 };
    expect(busyRetryAfter(callError(503))).toBe('7');
    // Wherever it sits in the chain of causes (a query's error wraps the call's).
    expect(busyRetryAfter(new Error('query failed', { cause: callError(503) }))).toBe('7');
  });

  it('is not for other answers, nor without the API in process', () => {
    registry[LOCAL_TRPC] = { unavailableRetryAfterSeconds: 7 };
    expect(busyRetryAfter(callError(404))).toBeNull();
    expect(busyRetryAfter(callError(500))).toBeNull();
    expect(busyRetryAfter(new Error('anything'))).toBeNull();
    delete registry[LOCAL_TRPC];
    expect(busyRetryAfter(callError(503))).toBeNull();
  });
});
