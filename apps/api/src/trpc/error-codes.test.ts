import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { AppErrorCode, HttpStatusOf, TrpcCodeOf } from '@forum/contracts';

describe('tRPC error codes', () => {
  it('every AppError code goes out over tRPC with the HTTP status HttpStatusOf gives it', () => {
    const statuses = Object.values(AppErrorCode).map((code) => [
      code,
      getHTTPStatusCodeFromError(new TRPCError({ code: TrpcCodeOf[code] })),
    ]);
    expect(statuses).toEqual(Object.values(AppErrorCode).map((code) => [code, HttpStatusOf[code]]));
  });
});
