/**
 * The bbs-go wire shapes of a user (docs/legacy-api.md §1.1): UserInfo, UserDetail and UserProfile,
 * key order included, built on core's user card.
 */
import { isMuted, presentUserCard, type UserCard, type UserDoc } from '@forum/core';

/** UserInfo is core's user card, key for key (ours after the legacy keys: `level`, `levelTitle`). */
export type LegacyUserInfo = UserCard;

export interface LegacyUserDetail extends LegacyUserInfo {
  username: string;
  backgroundImage: string;
  smallBackgroundImage: string;
  homePage: string;
  forbidden: boolean;
  status: number;
}

export interface LegacyUserProfile extends LegacyUserDetail {
  roles: string[];
  passwordSet: boolean;
  email: string;
  emailVerified: boolean;
}

/** UserInfo; a missing user (or id ≤ 0) becomes the legacy "匿名用户{id}" placeholder. */
export function legacyUserInfo(
  user: UserDoc | null | undefined,
  id = user?._id ?? 0,
  followed = false,
): LegacyUserInfo {
  return presentUserCard(user, id, followed);
}

export function legacyUserDetail(user: UserDoc): LegacyUserDetail {
  const blacklisted = user.status === 1;
  return {
    ...legacyUserInfo(user),
    ...(blacklisted ? { score: 0 } : {}),
    username: blacklisted ? 'blacklist' : (user.username ?? ''),
    backgroundImage: user.backgroundImage ?? '',
    smallBackgroundImage: user.backgroundImage ?? '',
    homePage: blacklisted ? '' : (user.homePage ?? ''),
    forbidden: blacklisted || isMuted(user),
    status: user.status ?? 0,
  };
}

/** Only for the user themself (GET /api/user/current, sign-in results): it carries the e-mail. */
export function legacyUserProfile(user: UserDoc): LegacyUserProfile {
  return {
    ...legacyUserDetail(user),
    roles: user.roles?.length ? [...user.roles] : [''],
    passwordSet: !!user.passwordHash,
    email: user.email ?? '',
    emailVerified: !!user.emailVerified,
  };
}
