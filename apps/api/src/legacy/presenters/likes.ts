/** The bbs-go wire shape of a topic's recent likers (`/api/topic/recentlikes/{id}`). */
import type { RecentLiker } from '@forum/core';
import { legacyUserInfo, type LegacyUserInfo } from './users';

/** UserInfo of each liker, or null when nobody liked. */
export function legacyLikers(likers: RecentLiker[]): LegacyUserInfo[] | null {
  return likers.length ? likers.map((liker) => legacyUserInfo(liker.user, liker.userId)) : null;
}
