import type { CurrentUser } from '@forum/contracts';

/** Owners and admins moderate and may enter /admin. */
export function isOwnerOrAdmin(user: Pick<CurrentUser, 'roles'> | null | undefined): boolean {
  return !!user && (user.roles.includes('owner') || user.roles.includes('admin'));
}
