/**
 * Who may do what to whom, in one place (ARCHITECTURE.md "Roles"). Owner and admin moderate; only
 * the owner mutes for ever; nobody moderates themself, and an admin cannot touch the owner or
 * another admin (bbs-go allowed that).
 */
import { isOwner, isOwnerOrAdmin } from '../users/roles';

export type ModerationAction = 'mute' | 'mutePermanently' | 'unmute' | 'enterAdmin' | 'editUser';

export interface PolicySubject {
  _id: number;
  roles?: readonly string[] | null;
}

function mayModerate(user: PolicySubject, target: PolicySubject | null | undefined): boolean {
  if (!target || target._id === user._id || !isOwnerOrAdmin(user)) return false;
  return isOwner(user) || !isOwnerOrAdmin(target);
}

export function can(
  user: PolicySubject | null | undefined,
  action: ModerationAction,
  target?: PolicySubject | null,
): boolean {
  if (!user) return false;
  switch (action) {
    case 'enterAdmin':
      return isOwnerOrAdmin(user);
    case 'mute':
    case 'unmute':
      return mayModerate(user, target);
    case 'mutePermanently':
      return isOwner(user) && mayModerate(user, target);
    // The owner edits anyone (themself included); an admin edits people without a role.
    case 'editUser':
      return !!target && (isOwner(user) || (isOwnerOrAdmin(user) && !isOwnerOrAdmin(target)));
  }
}
