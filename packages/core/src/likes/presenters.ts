import type { Liker } from '@forum/contracts';
import { legacyUserInfo, type LegacyUserInfo } from '../users/presenters';
import type { RecentLiker } from './queries';

/** `/api/topic/recentlikes/{id}`: UserInfo of each liker, or null when nobody liked. */
export function legacyLikers(likers: RecentLiker[]): LegacyUserInfo[] | null {
  return likers.length ? likers.map((liker) => legacyUserInfo(liker.user, liker.userId)) : null;
}

export function presentLikers(likers: RecentLiker[]): Liker[] {
  return likers.map((liker) => {
    const info = legacyUserInfo(liker.user, liker.userId);
    return { id: info.id, nickname: info.nickname, avatar: info.avatar };
  });
}
