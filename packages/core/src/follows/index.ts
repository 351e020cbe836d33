export { followUser, unfollowUser } from './follow';
export { FollowRemoval, FollowStatus, UserFollow, type UserFollowRow } from './model';
export { presentFollowPage } from './presenters';
export {
  FOLLOW_PAGE_SIZE,
  followedAmong,
  isFollowing,
  listFans,
  listFollows,
  type FollowPage,
  type FollowPageEntry,
} from './queries';
export { recountFollows } from './recount';
