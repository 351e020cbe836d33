/**
 * The admin middleware on `/api/admin` (legacy-api.md §2.1): anonymous ⇒ 1 请先登录, a user
 * without the role ⇒ 2 无权限. The owner alone may change site settings, create or edit users,
 * nodes and tags; the owner and admins everything else.
 */
import type { NextFunction, Request, Response } from 'express';
import { requireAdmin } from '../auth';

const OWNER_ONLY = [
  /^\/sys-config(\/|$)/,
  /^\/user\/(create|update)\/?$/,
  /^\/topic-node\/(create|update)\/?$/,
  /^\/tag\/(create|update)\/?$/,
];

/** Mounted at `/admin`, so `req.path` is the part after it. */
export async function adminGuard(req: Request, _res: Response, next: NextFunction): Promise<void> {
  await requireAdmin(
    req,
    OWNER_ONLY.some((pattern) => pattern.test(req.path)),
  );
  next();
}
