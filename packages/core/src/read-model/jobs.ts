/**
 * Jobs of the read model on the `maintenance` queue: each recorded event projects again what its
 * write changed (so a process that died between its write and its projection is repaired once the
 * sweeper dispatches the event), counts are flushed to MongoDB by their one writer, and a nightly
 * pass re-projects every row to repair drift.
 */
import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import { defineEventJob, defineJob } from '../events/jobs';
import { flushCounts } from './counts';
import { reprojectEverything } from './rebuild';
import { Favorite, type FavoriteDoc } from '../favorites/model';
import { CheckIn, type CheckInDoc } from '../check-in/model';
import { UserLike, type UserLikeDoc } from '../likes/model';
import { UserFollow, type UserFollowRow } from '../follows/model';
import { projectFavorite } from './favorites';
import { reprojectArticle } from './articles';
import { reprojectComment } from './comments';
import { projectLike } from './likes';
import { followRowId, projectFollow, unprojectFollow } from './follows';
import { syncPairStatus } from '../follows/follow';
import { projectCheckIn } from './check-ins';
import { reprojectTopic } from './topics';
import { reprojectUser } from './users';
import { reprojectChanged } from './changes';

// Idempotent: a projection puts the row where the database says it belongs, however often it runs.
export const projectCreatedTopicJob = defineEventJob('topic.created', {
  queue: QueueName.Maintenance,
  name: 'project-topic-created',
  async handler({ payload }) {
    await reprojectTopic(payload.topicId);
    await reprojectUser(payload.userId);
  },
});

export const projectCreatedCommentJob = defineEventJob('comment.created', {
  queue: QueueName.Maintenance,
  name: 'project-comment-created',
  async handler({ payload }) {
    await reprojectComment(payload.commentId);
    if (payload.entityType === 'topic') await reprojectTopic(payload.entityId);
    if (payload.entityType === 'article') await reprojectArticle(payload.entityId);
  },
});

export const projectCreatedLikeJob = defineEventJob('like.created', {
  queue: QueueName.Maintenance,
  name: 'project-like-created',
  async handler({ payload }) {
    // A like taken back since has no row any more, and its unlike already left the list.
    const like = await UserLike.findById(payload.likeId).lean<UserLikeDoc>();
    if (like) await projectLike(like);
  },
});

export const projectCreatedFavoriteJob = defineEventJob('favorite.created', {
  queue: QueueName.Maintenance,
  name: 'project-favorite-created',
  async handler({ payload }) {
    // A favourite removed since has no row any more, and its removal already left the list.
    const favorite = await Favorite.findById(payload.favoriteId, { outbox: 0 }).lean<FavoriteDoc>();
    if (favorite) await projectFavorite(favorite);
  },
});

export const projectCreatedFollowJob = defineEventJob('follow.created', {
  queue: QueueName.Maintenance,
  name: 'project-follow-created',
  async handler({ payload }) {
    // Events recorded before they named the row are left to the nightly re-projection.
    if (payload.followId === undefined) return;
    // A follow undone since has no row any more, and its unfollow already left the lists.
    const follow = await UserFollow.findById(payload.followId, { outbox: 0 }).lean<UserFollowRow>();
    if (!follow) return;
    await projectFollow(follow);
    await syncPairStatus(follow.userId, follow.otherId, { onlyIfWrong: true });
  },
});

export const projectDeletedFollowJob = defineEventJob('follow.deleted', {
  queue: QueueName.Maintenance,
  name: 'project-follow-deleted',
  async handler({ payload }) {
    const { followId, userId, otherId } = payload;
    if (followId === undefined) return;
    // The event is recorded before the row goes: a row still there was not unfollowed (the writer
    // died first), and a list that names a newer row of the pair holds a follow made since.
    if (await UserFollow.exists({ _id: followId })) return;
    if ((await followRowId(userId, otherId)) === followId) {
      await unprojectFollow({ _id: followId, userId, otherId });
    }
    await syncPairStatus(userId, otherId, { onlyIfWrong: true });
  },
});

export const projectCheckInJob = defineEventJob('user.checked-in', {
  queue: QueueName.Maintenance,
  name: 'project-check-in',
  async handler({ payload }) {
    // The row holds the latest day: an older event finds a newer check-in, projected as it stands.
    const checkIn = await CheckIn.findById(payload.userId, { outbox: 0 }).lean<CheckInDoc>();
    if (checkIn) await projectCheckIn(checkIn);
  },
});

export const projectCreatedArticleJob = defineEventJob('article.created', {
  queue: QueueName.Maintenance,
  name: 'project-article-created',
  async handler({ payload }) {
    await reprojectArticle(payload.articleId);
  },
});

export const flushCountsJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'flush-counts',
  schema: z.object({}),
  schedule: { every: 5000 },
  // Idempotent: it writes the current counts; a second run writes the same numbers.
  async handler(_data, { log }) {
    const written = await flushCounts();
    if (written > 0) log.debug({ written }, 'flushed counts');
  },
});

export const projectChangedJob = defineEventJob('entity.changed', {
  queue: QueueName.Maintenance,
  name: 'project-changed',
  async handler({ payload }) {
    await reprojectChanged(payload.kind, payload.id);
  },
});

export const reprojectEverythingJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'reproject-everything',
  schema: z.object({}),
  schedule: { pattern: '37 3 * * *' },
  // Idempotent: projectors only ever put rows where the database says they belong, and the sweep
  // removes only what MongoDB confirms is gone.
  async handler(_data, { log }) {
    const started = Date.now();
    const { swept } = await reprojectEverything(undefined, { sweep: true });
    log.info({ ms: Date.now() - started, swept }, 'read model re-projected');
  },
});

export const readModelJobs = [
  projectChangedJob,
  projectCreatedTopicJob,
  projectCreatedCommentJob,
  projectCreatedLikeJob,
  projectCreatedFavoriteJob,
  projectCreatedFollowJob,
  projectDeletedFollowJob,
  projectCheckInJob,
  projectCreatedArticleJob,
  flushCountsJob,
  reprojectEverythingJob,
];
