/** Output shapes of a fans or follows page: the legacy cursor page of UserInfo, and our tRPC page. */
import type { CursorPage, FollowListUser } from '@forum/contracts';
import { legacyUserInfo, type LegacyUserInfo } from '../users/presenters';
import { cursorPageOf, type LegacyCursorPage } from '../cursor-page';
import type { FollowPage } from './queries';

export function legacyFollowPage(page: FollowPage): LegacyCursorPage<LegacyUserInfo> {
  return cursorPageOf(
    page.entries.length
      ? page.entries.map((entry) => legacyUserInfo(entry.user, entry.userId, entry.followed))
      : null,
    page,
  );
}

export function presentFollowPage(page: FollowPage): CursorPage<FollowListUser> {
  return cursorPageOf(
    page.entries.map((entry) => {
      const info = legacyUserInfo(entry.user, entry.userId, entry.followed);
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
