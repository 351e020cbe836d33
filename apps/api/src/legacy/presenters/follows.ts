/** The bbs-go wire shapes of fans and follows: a cursor page of UserInfo (legacy-api.md §1.10). */
import type { FollowPage, LegacyCursorPage } from '@forum/core';
import { legacyUserInfo, type LegacyUserInfo } from './users';

export function legacyFollowPage(page: FollowPage): LegacyCursorPage<LegacyUserInfo> {
  return {
    results: page.entries.length
      ? page.entries.map((entry) => legacyUserInfo(entry.user, entry.userId, entry.followed))
      : null,
    cursor: String(page.cursor),
    hasMore: page.hasMore,
  };
}
