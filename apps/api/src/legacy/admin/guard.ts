/**
 * The admin rule table of `/api/admin` (legacy-api.md §2.1), first match wins: the owner alone may
 * change site settings and create or edit users, nodes and tags; the owner and admins may call
 * everything else. Anonymous ⇒ 1 请先登录, a user without the role ⇒ 2 无权限. Every admin handler
 * starts with `adminActor`, so an unknown admin path still answers 404 (as bbs-go's did).
 */
import type { Request } from 'express';
import type { UserDoc } from '@forum/core';
import { requireAdmin } from '../auth';

const OWNER_ONLY = [
  /^\/admin\/sys-config(\/|$)/,
  /^\/admin\/user\/(create|update)\/?$/,
  /^\/admin\/topic-node\/(create|update)\/?$/,
  /^\/admin\/tag\/(create|update)\/?$/,
];

export function isOwnerOnlyPath(path: string): boolean {
  return OWNER_ONLY.some((pattern) => pattern.test(path));
}

/** The signed-in owner or admin allowed to call this admin path (`req.path` below `/api`). */
export function adminActor(req: Request): Promise<UserDoc> {
  return requireAdmin(req, isOwnerOnlyPath(req.path));
}
