export { User, UserToken, type UserDoc } from './model';
export { ensureOwner, type OwnerBootstrap } from './owner';
export { hashPassword, verifyPassword } from './passwords';
export { isMuted } from './roles';
export { issueToken, revokeToken, sessionRoomOf, signOutOtherSessions, userFromToken } from './tokens';
export { usersByIds } from './users';
export {
  DEFAULT_DESCRIPTION,
  presentAccountSettings,
  presentCurrentUser,
  presentProfile,
  presentPublicProfile,
  presentUserCard,
  USER_INFO_FIELDS,
  type UserCard,
} from './presenters';
export { getUserProfile } from './get-user-profile';
export { type SignedIn } from './session';
export { setAvatar, setBackgroundImage } from './set-images';
export { setEmail } from './set-email';
export { setPassword } from './set-password';
export { setUsername } from './set-username';
export { signIn } from './sign-in';
export { signOut } from './sign-out';
export { signUp } from './sign-up';
export { updatePassword } from './update-password';
export { updateProfile } from './update-profile';
