/** tRPC shapes of accounts. Neither carries a password hash; only the owner's own shape has the e-mail. */
import type { AccountSettings, PublicProfile } from '@forum/contracts';
import { profileAbilities, type PolicySubject } from '../policies';
import { isForbidden } from '../users/roles';
import type { UserDoc } from '../users/model';
import { DEFAULT_DESCRIPTION } from '../users/presenters';

/** A user's public page as `viewer` (null: a visitor) sees it, with what they may do to the user. */
export function presentPublicProfile(user: UserDoc, viewer: PolicySubject | null): PublicProfile {
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
    forbidden: isForbidden(user),
    createTime: user.createTime,
    can: profileAbilities(viewer, user),
  };
}

export function presentAccountSettings(user: UserDoc): AccountSettings {
  return {
    username: user.username ?? '',
    email: user.email ?? '',
    emailVerified: !!user.emailVerified,
    passwordSet: !!user.passwordHash,
    emailNotify: user.emailNotify !== false,
  };
}
