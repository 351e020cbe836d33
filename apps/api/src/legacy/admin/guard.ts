/**
 * Who may call what under /api/admin (docs/legacy-api.md §2.1): the first matching pattern decides.
 * Anonymous callers get errorCode 1 "请先登录", signed-in callers without the role errorCode 2
 * "无权限" (the legacy router's error handler codes FORBIDDEN under /admin as 2). Every admin
 * endpoint, and the queue dashboard, goes through `admitAdmin`.
 */
import type { NextFunction, Request, Response } from 'express';
import { AppError, authorize, type PolicyAction, type UserDoc } from '@forum/core';
import { requireUser } from '../guards';
import { fail, send } from '../envelope';
import { handle } from '../handler';

/** What a path needs, in the policy's words: the owner's part (`administer`) or the console. */
export type AdminAction = Extract<PolicyAction, 'administer' | 'enterAdmin'>;

/** Ant-style patterns: a trailing `/**` matches the path and everything under it. */
export const adminAccessRules: readonly { pattern: string; action: AdminAction }[] = [
  { pattern: '/api/admin/sys-config/**', action: 'administer' },
  { pattern: '/api/admin/user/create', action: 'administer' },
  { pattern: '/api/admin/user/update', action: 'administer' },
  { pattern: '/api/admin/topic-node/create', action: 'administer' },
  { pattern: '/api/admin/topic-node/update', action: 'administer' },
  { pattern: '/api/admin/tag/create', action: 'administer' },
  { pattern: '/api/admin/tag/update', action: 'administer' },
  { pattern: '/api/admin/**', action: 'enterAdmin' },
];

function matches(pattern: string, path: string): boolean {
  if (!pattern.endsWith('/**')) return path === pattern;
  const base = pattern.slice(0, -3);
  return path === base || path.startsWith(`${base}/`);
}

/**
 * The action a path needs. Express matches routes case-insensitively and ignores a trailing slash,
 * so the path is compared the same way: `/API/Admin/Sys-Config/save/` is still the owner's.
 */
export function requiredAction(path: string): AdminAction {
  const normalised = path.toLowerCase().replace(/\/+/g, '/').replace(/\/$/, '');
  return adminAccessRules.find((rule) => matches(rule.pattern, normalised))?.action ?? 'enterAdmin';
}

/** The signed-in owner or admin the request's path allows, or the legacy error. */
export async function admitAdmin(req: Request): Promise<UserDoc> {
  return authorize(await requireUser(req), requiredAction(`${req.baseUrl}${req.path}`));
}

/** A legacy admin handler: admitted first, then given the admitted user. */
export function handleAdmin(handler: (req: Request, admin: UserDoc) => Promise<unknown>) {
  return handle(async (req) => handler(req, await admitAdmin(req)));
}

/** The same check in front of something that is not a legacy handler (the queue dashboard). */
export async function adminGuard(req: Request, res: Response, next: NextFunction): Promise<void> {
  try {
    await admitAdmin(req);
    next();
  } catch (error) {
    if (!AppError.is(error)) throw error;
    send(res, error.code === 'NOT_SIGNED_IN' ? fail(1, error.message) : fail(2, error.message));
  }
}
