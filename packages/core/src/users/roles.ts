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

/** Muted now? `forbiddenEndTime` -1 is permanent; a timed mute ends by itself. */
export function isForbidden(
  user: { forbiddenEndTime?: number | null } | null | undefined,
  now = Date.now(),
): boolean {
  const end = user?.forbiddenEndTime ?? 0;
  return end === -1 || end > now;
}
