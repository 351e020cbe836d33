import type { AdminPage } from '@forum/contracts';
import type { AuditMeta } from '@forum/core';
import type { TrpcContext } from '../../init';

/**
 * Where an admin call came from, for the use cases that still take an actor and a meta (links,
 * projects, forbidden words, nodes, tags): the request context, which carries the same fields.
 */
export function auditMetaOf(ctx: TrpcContext): AuditMeta {
  return ctx.request;
}

/** A core numbered page as the console reads it. */
export function adminPageOf<T, R>(
  result: { page: { page: number; limit: number; total: number }; results: T[] },
  present: (item: T) => R,
): AdminPage<R> {
  return { ...result.page, results: result.results.map(present) };
}
