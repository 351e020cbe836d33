/** Form reading shared by the admin endpoints (docs/legacy-api.md §0.2 and §2.1). */
import type { Request } from 'express';
import { ADMIN_PAGE_LIMIT, ADMIN_PAGE_MAX_LIMIT } from '@forum/contracts';
import { formInt, formValue, parseGoBool } from '../form';

/** `page` and `limit`, 1 and 20 when missing or ≤ 0; a limit past 100 is cut to 100. */
export function pageOf(req: Request): { page: number; limit: number } {
  const page = formInt(req, 'page');
  const limit = formInt(req, 'limit');
  return {
    page: page > 0 ? page : 1,
    limit: limit > 0 ? Math.min(limit, ADMIN_PAGE_MAX_LIMIT) : ADMIN_PAGE_LIMIT,
  };
}

/** A positive integer filter, or undefined when absent or not positive. */
export function idFilter(req: Request, name: string): number | undefined {
  const value = formInt(req, name);
  return value > 0 ? value : undefined;
}

/** An exact integer filter that may be 0 (a status), or undefined when absent or unparsable. */
export function intFilter(req: Request, name: string): number | undefined {
  const raw = formValue(req, name)?.trim();
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** A text filter: trimmed, cut to `max` characters; blank means no filter. */
export function textFilter(req: Request, name: string, max = 128): string | undefined {
  const value = formValue(req, name)?.replaceAll('\u0000', '').trim();
  return value ? value.slice(0, max) : undefined;
}

/** A Go `ParseBool` filter; anything else is no filter. */
export function boolFilter(req: Request, name: string): boolean | undefined {
  const raw = formValue(req, name)?.trim();
  return raw ? parseGoBool(raw) : undefined;
}

/** `status` of a create/update form: 1 hides, anything else shows. */
export const statusOf = (req: Request) => (formInt(req, 'status') === 1 ? (1 as const) : (0 as const));

/** The numbered page of docs/legacy-api.md §0.6, with `null` for an empty list. */
export function numberedPage<T>(page: { page: number; limit: number; total: number }, results: T[]) {
  return { page, results: results.length ? results : null };
}
