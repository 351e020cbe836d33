/** What a permanent mute causes, after the write: the user's points go, and so does their content. */
import { QueueName, Texts } from '@forum/contracts';
import { deleteArticle } from '../articles/delete-article';
import { removeComment } from '../comments/remove-comment';
import { defineEventJob } from '../events/jobs';
import { changePoints } from '../points/change-points';
import { currentPoints } from '../points/recount-scores';
import { articleLists } from '../read-model/articles';
import { topDesc } from '../read-model/lists';
import { readUser, userLists } from '../read-model/users';
import { systemContext } from '../request-context';
import { deleteTopic } from '../topics/delete-topic';

const allIds = (key: string) => topDesc(key, Number.MAX_SAFE_INTEGER);

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

export const muteJobs = [permanentMutePointsJob, removePermanentlyMutedContentJob];
