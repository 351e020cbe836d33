/** Who may call a legacy endpoint: anyone signed in, or an admin (legacy-api.md §2.1). */
import type { Request } from 'express';
import { AppError, isOwner, isOwnerOrAdmin, type UserDoc } from '@forum/core';
import { resolveRequestUser } from '../context';

/** "login" level: anonymous ⇒ coded error 1. */
export async function requireUser(req: Request): Promise<UserDoc> {
  const { user } = await resolveRequestUser(req);
  if (!user) throw new AppError('NOT_SIGNED_IN');
  return user;
}

/** Admin API: anonymous ⇒ 1 '请先登录', wrong role ⇒ 2 '无权限' (legacy §2.1). */
export async function requireAdmin(req: Request, ownerOnly = false): Promise<UserDoc> {
  const user = await requireUser(req);
  if (ownerOnly ? !isOwner(user) : !isOwnerOrAdmin(user)) throw new AppError('FORBIDDEN');
  return user;
}
