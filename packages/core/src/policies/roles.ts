/** The two roles, read only by the rules beside this file. */
import { UserRole } from '@forum/contracts';

interface HasRoles {
  roles?: readonly string[] | null;
}

export function isOwner(user: HasRoles | null | undefined): boolean {
  return !!user?.roles?.includes(UserRole.Owner);
}

/** Owner or admin: may moderate and enter /admin. */
export function isOwnerOrAdmin(user: HasRoles | null | undefined): boolean {
  return !!user?.roles?.some((role) => role === UserRole.Owner || role === UserRole.Admin);
}
