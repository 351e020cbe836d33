/** The `points` queue: each job gives the points of one event, once (docs/legacy-api.md §4.1). */
import { QueueName, Texts } from '@forum/contracts';
import { z } from 'zod';
import { defineEventJob, defineJob } from '../events/jobs';
import { givePoints } from './change-points';
import { recountScores } from './recount-scores';

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

export const pointsJobs = [recountScoresJob, topicPointsJob, commentPointsJob, checkInPointsJob];
