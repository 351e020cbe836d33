/** The `points` queue: each job gives the points of one event, once (legacy §4.1). */
import { QueueName } from '@forum/contracts';
import { defineEventJob } from '../events/jobs';
import { changePoints, configuredPoints } from './points';

export const topicPointsJob = defineEventJob('topic.created', {
  queue: QueueName.Points,
  name: 'topic-points',
  async handler({ payload }) {
    const score = await configuredPoints('postTopicScore');
    await changePoints({
      userId: payload.userId,
      sourceType: 'topic',
      sourceId: payload.topicId,
      score,
      description: '发表话题',
    });
  },
});

// Only comments on topics earn points: not replies, not comments on articles or projects.
export const commentPointsJob = defineEventJob('comment.created', {
  queue: QueueName.Points,
  name: 'comment-points',
  async handler({ payload }) {
    if (payload.entityType !== 'topic') return;
    const score = await configuredPoints('postCommentScore');
    await changePoints({
      userId: payload.userId,
      sourceType: 'comment',
      sourceId: payload.commentId,
      score,
      description: '发表跟帖',
    });
  },
});

export const checkInPointsJob = defineEventJob('user.checked-in', {
  queue: QueueName.Points,
  name: 'check-in-points',
  async handler({ payload }) {
    const score = await configuredPoints('checkInScore');
    await changePoints({
      userId: payload.userId,
      sourceType: 'checkIn',
      sourceId: payload.userId,
      key: `checkIn:${payload.userId}:${payload.dayName}`,
      score,
      description: `签到${payload.dayName}`,
    });
  },
});

export const pointsJobs = [topicPointsJob, commentPointsJob, checkInPointsJob];
