import type { Liker } from '@forum/contracts';
import { presentUserCard } from '../users/presenters';
import type { RecentLiker } from './queries';

export function presentLikers(likers: RecentLiker[]): Liker[] {
  return likers.map((liker) => {
    const info = presentUserCard(liker.user, liker.userId);
    return { id: info.id, nickname: info.nickname, avatar: info.avatar };
  });
}
