/** The bbs-go wire shapes of fans and follows: a cursor page of UserInfo (docs/legacy-api.md §1.10). */
import type { FollowPage } from '@forum/core';
import { legacyCursorPage, type LegacyCursorPage } from './cursor-page';
import { legacyUserInfo, type LegacyUserInfo } from './users';

export function legacyFollowPage(page: FollowPage): LegacyCursorPage<LegacyUserInfo> {
  return legacyCursorPage(
    page.entries.map((entry) => legacyUserInfo(entry.user, entry.userId, entry.followed)),
    page,
  );
}
