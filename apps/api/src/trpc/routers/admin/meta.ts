import type { AdminPage } from '@forum/contracts';
import type { AuditMeta } from '@forum/core';
import type { TrpcContext } from '../../init';

/** Where an admin call came from, for the operation log. */
export function auditMetaOf(ctx: TrpcContext): Required<AuditMeta> {
  return {
    ip: ctx.ip ?? '',
    userAgent: ctx.req.get('user-agent') ?? '',
    referer: ctx.req.get('referer') ?? '',
  };
}

/** A core numbered page as the console reads it. */
export function adminPageOf<T, R>(
  result: { page: { page: number; limit: number; total: number }; results: T[] },
  present: (item: T) => R,
): AdminPage<R> {
  return { ...result.page, results: result.results.map(present) };
}
