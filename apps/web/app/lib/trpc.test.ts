import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { retryOnceUnlessRefused } from './trpc';

/** A tRPC client error as the client builds it from an answer of `httpStatus`. */
function answered(httpStatus: number, code: string) {
  return TRPCClientError.from({
    error: { message: code, code: -32600, data: { code, httpStatus } },
  } as never);
}

describe('query retries', () => {
  it('never retries a refusal: a missing item shows its 404 page at once', () => {
    expect(retryOnceUnlessRefused(0, answered(404, 'NOT_FOUND'))).toBe(false);
    expect(retryOnceUnlessRefused(0, answered(403, 'FORBIDDEN'))).toBe(false);
    expect(retryOnceUnlessRefused(0, answered(400, 'BAD_REQUEST'))).toBe(false);
  });

  it('tries once more after a server error or a dropped connection, and only once', () => {
    expect(retryOnceUnlessRefused(0, answered(500, 'INTERNAL_SERVER_ERROR'))).toBe(true);
    expect(retryOnceUnlessRefused(0, new TypeError('fetch failed'))).toBe(true);
    expect(retryOnceUnlessRefused(1, answered(500, 'INTERNAL_SERVER_ERROR'))).toBe(false);
  });
});
