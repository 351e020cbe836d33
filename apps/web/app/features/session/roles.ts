import type { CurrentUser } from '@forum/contracts';

/** Owners and admins moderate and may enter /admin. */
export function isOwnerOrAdmin(user: Pick<CurrentUser, 'roles'> | null | undefined): boolean {
  return !!user && (user.roles.includes('owner') || user.roles.includes('admin'));
}

/** The owner alone gives roles and mutes for ever. */
export function isOwner(user: Pick<CurrentUser, 'roles'> | null | undefined): boolean {
  return !!user?.roles.includes('owner');
}
