/** Form reading shared by the admin endpoints (legacy-api.md §0.2 and §2.1). */
import type { NextFunction, Request, Response } from 'express';
import type { AuditMeta } from '@forum/core';
import { formInt, formValue } from '../fans';

/** bbs-go's `{id}` only matches an integer; anything else is an unmatched route (404). */
export function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

export const idParam = (req: Request) => Number(req.params.id);

export const text = (req: Request, name: string) => formValue(req, name) ?? '';

/** A filter field: trimmed, cut to `max` characters; blank means no filter. */
export const filterText = (req: Request, name: string, max = 128) =>
  text(req, name).trim().slice(0, max) || undefined;

/** An exact integer filter (`status`, `id`); absent or not a number means no filter. */
export function filterInt(req: Request, name: string): number | undefined {
  const raw = formValue(req, name)?.trim();
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** `status` of a create/update form: 1 hides, anything else shows. */
export const statusOf = (req: Request) => (formInt(req, 'status') === 1 ? (1 as const) : (0 as const));

export const paging = (req: Request) => ({ page: formInt(req, 'page', 1), limit: formInt(req, 'limit', 20) });

/** A comma-separated list of ids (§0.2: unparsable items skipped). */
export function idsOf(req: Request, name: string): number[] {
  return text(req, name)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => /^\d{1,15}$/.test(item))
    .map(Number);
}

/** A numbered page with bbs-go's `null` for an empty list. */
export function numberedPage<T, R>(result: { page: unknown; results: T[] }, present: (item: T) => R) {
  return { page: result.page, results: result.results.length ? result.results.map(present) : null };
}

/** Where an admin request came from, for the operation log. */
export function auditMeta(req: Request): AuditMeta {
  return { ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '', referer: req.get('referer') ?? '' };
}
