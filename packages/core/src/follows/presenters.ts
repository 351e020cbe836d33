/** Output shape of a fans or follows page: our tRPC page. */
import type { CursorPage, FollowListUser } from '@forum/contracts';
import { presentUserCard } from '../users/presenters';
import { cursorPageOf } from '../cursor-page';
import type { FollowPage } from './queries';

export function presentFollowPage(page: FollowPage): CursorPage<FollowListUser> {
  return cursorPageOf(
    page.entries.map((entry) => {
      const info = presentUserCard(entry.user, entry.userId, entry.followed);
      return {
        id: info.id,
        nickname: info.nickname,
        avatar: info.avatar,
        description: info.description,
        topicCount: info.topicCount,
        commentCount: info.commentCount,
        fansCount: info.fansCount,
        followCount: info.followCount,
        score: info.score,
        createTime: info.createTime,
        followed: info.followed,
      };
    }),
    page,
  );
}
