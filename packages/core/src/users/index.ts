export { User, UserToken, type UserDoc } from './model';
export { ensureOwner, type OwnerBootstrap } from './owner';
export { hashPassword, verifyPassword } from './passwords';
export { isForbidden } from './roles';
export { issueToken, revokeToken, signOutOtherSessions, userFromToken } from './tokens';
export { usersByIds } from './users';
export {
  DEFAULT_DESCRIPTION,
  legacyUserDetail,
  legacyUserInfo,
  legacyUserProfile,
  presentCurrentUser,
  USER_INFO_FIELDS,
  type LegacyUserDetail,
  type LegacyUserInfo,
  type LegacyUserProfile,
} from './presenters';
