/** Who may call a legacy endpoint: anyone signed in, or an admin (docs/legacy-api.md §2.1). */
import type { Request } from 'express';
import { authorize, signedIn, type UserDoc } from '@forum/core';
import { resolveRequestUser } from '../context';

/** "login" level: anonymous ⇒ coded error 1. */
export async function requireUser(req: Request): Promise<UserDoc> {
  const { user } = await resolveRequestUser(req);
  return signedIn(user);
}

/** Admin API: anonymous ⇒ 1 '请先登录', wrong role ⇒ 2 '无权限' (docs/legacy-api.md §2.1). */
export async function requireAdmin(req: Request): Promise<UserDoc> {
  return authorize(await requireUser(req), 'enterAdmin');
}
