/** The `points` queue: each job gives the points of one event, once (docs/legacy-api.md §4.1). */
import { QueueName, Texts } from '@forum/contracts';
import { z } from 'zod';
import { defineEventJob, defineJob } from '../events/jobs';
import { deleteArticle } from '../articles/delete-article';
import { removeComment } from '../comments/remove-comment';
import { articleLists } from '../read-model/articles';
import { topDesc } from '../read-model/lists';
import { readUser, userLists } from '../read-model/users';
import { deleteTopic } from '../topics/delete-topic';
import { systemContext } from '../request-context';
import { changePoints, givePoints } from './change-points';
import { currentPoints, recountScores } from './recount-scores';

const allIds = (key: string) => topDesc(key, Number.MAX_SAFE_INTEGER);

export const topicPointsJob = defineEventJob('topic.created', {
  queue: QueueName.Points,
  name: 'topic-points',
  async handler({ payload }) {
    await givePoints('postTopicScore', {
      userId: payload.userId,
      sourceType: 'topic',
      sourceId: payload.topicId,
      description: Texts.points.topicPosted,
    });
  },
});

// Only comments on topics earn points: not replies, not comments on articles or projects.
export const commentPointsJob = defineEventJob('comment.created', {
  queue: QueueName.Points,
  name: 'comment-points',
  async handler({ payload }) {
    if (payload.entityType !== 'topic') return;
    await givePoints('postCommentScore', {
      userId: payload.userId,
      sourceType: 'comment',
      sourceId: payload.commentId,
      description: Texts.points.commentPosted,
    });
  },
});

export const checkInPointsJob = defineEventJob('user.checked-in', {
  queue: QueueName.Points,
  name: 'check-in-points',
  async handler({ payload }) {
    await givePoints('checkInScore', {
      userId: payload.userId,
      sourceType: 'checkIn',
      sourceId: payload.userId,
      key: `checkIn:${payload.userId}:${payload.dayName}`,
      description: Texts.points.checkIn(payload.dayName),
    });
  },
});

// Takes the user's whole score (nothing when it is 0 or less), once per mute.
export const permanentMutePointsJob = defineEventJob('user.muted-permanently', {
  queue: QueueName.Points,
  name: 'permanent-mute-points',
  async handler({ id, payload }) {
    const score = await currentPoints(payload.userId);
    if (score <= 0) return;
    await changePoints({
      userId: payload.userId,
      sourceType: 'user',
      sourceId: payload.actorId,
      key: `mute:${payload.userId}:${id}`,
      score: -score,
      description: Texts.points.permanentMute,
    });
  },
});

// Every topic, article and comment of the user is deleted through the services, each with its own
// side effects (lists, counts, feeds, events), as if the owner had deleted them one by one.
// Idempotent: each pass reads what is still listed, and deleting a deleted row changes nothing.
export const removePermanentlyMutedContentJob = defineEventJob('user.muted-permanently', {
  queue: QueueName.Maintenance,
  name: 'remove-permanently-muted-content',
  async handler({ payload }) {
    const actor = await readUser(payload.actorId);
    if (!actor) return;
    const ctx = systemContext(actor);
    for (const topicId of await allIds(userLists.topics(payload.userId))) await deleteTopic(ctx, topicId);
    for (const articleId of await allIds(articleLists.user(payload.userId)))
      await deleteArticle(ctx, articleId);
    for (const commentId of await allIds(userLists.comments(payload.userId))) await removeComment(commentId);
  },
});

export const recountScoresJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'recount-scores',
  schema: z.object({}),
  schedule: { pattern: '47 3 * * *' },
  // Idempotent: it sets totals to what the score log says.
  async handler(_data, { log }) {
    const fixed = await recountScores();
    if (fixed > 0) log.warn({ fixed }, 'scores drifted from the score log and were recounted');
  },
});

export const pointsJobs = [
  recountScoresJob,
  topicPointsJob,
  commentPointsJob,
  checkInPointsJob,
  permanentMutePointsJob,
  removePermanentlyMutedContentJob,
];
