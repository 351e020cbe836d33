export { UserLike, type UserLikeDoc } from './model';
export { registerLikeTarget, type LikeTarget } from './targets';
export { likeEntity, unlikeEntity } from './like-entity';
export { isLiked, likedAmong, recentLikers, type RecentLiker } from './queries';
export { presentLikers } from './presenters';
