/**
 * Output shapes of a user. `presentCurrentUser` is what our web app reads over tRPC;
 * `presentUserCard` is a user as lists, authors and followers show them, with the placeholders of
 * a missing or blacklisted user.
 */
import {
  DEFAULT_DESCRIPTION,
  Texts,
  type AccountSettings,
  type Author,
  type CurrentUser,
  type Profile,
  type PublicProfile,
} from '@forum/contracts';
import { profileAbilities, siteAbilities } from '../policies/abilities';
import type { PolicySubject } from '../policies';
import { isMuted } from './roles';
import type { UserDoc } from './model';

export { DEFAULT_DESCRIPTION };

export function presentCurrentUser(user: UserDoc): CurrentUser {
  return {
    id: user._id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    roles: [...(user.roles ?? [])],
    forbidden: isMuted(user),
    mute: isMuted(user) ? { endTime: user.forbiddenEndTime ?? 0, reason: user.forbiddenReason ?? '' } : null,
    can: siteAbilities(user),
  };
}

/**
 * The projection that `presentUserCard` needs: lists read only these fields of the users they show,
 * so secrets (password hash, e-mail) never leave the database for them.
 */
export const USER_INFO_FIELDS = {
  nickname: 1,
  avatar: 1,
  description: 1,
  status: 1,
  score: 1,
  topicCount: 1,
  commentCount: 1,
  fansCount: 1,
  followCount: 1,
  createTime: 1,
} as const;

export interface UserCard {
  id: number;
  nickname: string;
  avatar: string;
  smallAvatar: string;
  topicCount: number;
  commentCount: number;
  fansCount: number;
  followCount: number;
  score: number;
  description: string;
  createTime: number;
  followed: boolean;
  /** Ours, after the legacy keys: the level from points (0 and '' when unknown). */
  level: number;
  levelTitle: string;
}

/** A user's card; a missing user (or id ≤ 0) becomes the "匿名用户{id}" placeholder. */
export function presentUserCard(
  user: UserDoc | null | undefined,
  id = user?._id ?? 0,
  followed = false,
): UserCard {
  if (!user || id <= 0) {
    return {
      id,
      nickname: Texts.users.anonymousName(id),
      avatar: '',
      smallAvatar: '',
      topicCount: 0,
      commentCount: 0,
      fansCount: 0,
      followCount: 0,
      score: 0,
      description: DEFAULT_DESCRIPTION,
      createTime: Date.now(),
      followed,
      level: 0,
      levelTitle: '',
    };
  }
  const blacklisted = user.status === 1;
  return {
    id: user._id,
    nickname: blacklisted ? Texts.users.blacklistedName : user.nickname,
    avatar: user.avatar ?? '',
    smallAvatar: user.avatar ?? '',
    topicCount: user.topicCount ?? 0,
    commentCount: user.commentCount ?? 0,
    fansCount: user.fansCount ?? 0,
    followCount: user.followCount ?? 0,
    score: user.score ?? 0,
    description: blacklisted ? '' : user.description || DEFAULT_DESCRIPTION,
    createTime: user.createTime,
    followed,
    level: user.level ?? 0,
    levelTitle: user.levelTitle ?? '',
  };
}

/** The poster beside a topic, article or comment in our web app, with the card's placeholders. */
export function presentAuthor(info: UserCard): Author {
  return {
    id: info.id,
    nickname: info.nickname,
    avatar: info.avatar,
    level: info.level,
    levelTitle: info.levelTitle,
  };
}

/**
 * A user's public page as `viewer` (null: a visitor) sees it, with what they may do to the user;
 * `registrationRank` from the read model (`registrationRank`).
 */
export function presentPublicProfile(
  user: UserDoc,
  viewer: PolicySubject | null,
  registrationRank = 0,
): PublicProfile {
  const abilities = profileAbilities(viewer, user);
  return {
    id: user._id,
    username: user.username ?? '',
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    backgroundImage: user.backgroundImage ?? '',
    description: user.description || DEFAULT_DESCRIPTION,
    homePage: user.homePage ?? '',
    score: user.score ?? 0,
    level: user.level ?? 0,
    levelTitle: user.levelTitle ?? '',
    topicCount: user.topicCount ?? 0,
    commentCount: user.commentCount ?? 0,
    fansCount: user.fansCount ?? 0,
    followCount: user.followCount ?? 0,
    forbidden: isMuted(user),
    forbiddenEndTime: isMuted(user) ? (user.forbiddenEndTime ?? 0) : 0,
    forbiddenReason:
      isMuted(user) && (viewer?._id === user._id || abilities.unmute) ? (user.forbiddenReason ?? '') : '',
    createTime: user.createTime,
    registrationRank,
    can: abilities,
  };
}

export function presentAccountSettings(user: UserDoc): AccountSettings {
  return {
    username: user.username ?? '',
    email: user.email ?? '',
    emailVerified: !!user.emailVerified,
    passwordSet: !!user.passwordHash,
    emailNotify: user.emailNotify !== false,
    watchPostedTopics: user.watchPostedTopics !== false,
    watchRepliedTopics: user.watchRepliedTopics !== false,
  };
}

/** The editable profile fields our web app reads back after an edit. */
export function presentProfile(user: UserDoc): Profile {
  return {
    id: user._id,
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    backgroundImage: user.backgroundImage ?? '',
    homePage: user.homePage ?? '',
    description: user.description ?? '',
  };
}
