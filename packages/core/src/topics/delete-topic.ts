import { logAction } from '../audit/log-action';
import { newEvent } from '../events/outbox';
import { assertCanPost, authorize } from '../policies';
import { readTopic } from '../read-model/topics';
import type { RequestContext } from '../request-context';
import { TopicStatus } from '@forum/contracts';
import { changeTopic } from './change-topic';

/**
 * Soft-deletes a topic (status 1) by its author or a moderator. A missing or already deleted
 * topic is a success, as in bbs-go. The author's topicCount is the size of their list of shown
 * topics in the read model, so it goes down with it.
 */
export async function deleteTopic(ctx: RequestContext, topicId: number): Promise<void> {
  const user = await assertCanPost(ctx.actor);
  const topic = await readTopic(topicId);
  if (!topic || topic.status !== TopicStatus.Ok) return;
  authorize(user, 'deleteTopic', topic);
  // The status condition makes a concurrent second delete change nothing and count nothing.
  const deleted = newEvent('topic.deleted', { topicId, userId: topic.userId, actorId: user._id });
  const { modifiedCount } = await changeTopic(
    { _id: topicId, status: TopicStatus.Ok },
    { $set: { status: TopicStatus.Deleted } },
    [deleted],
  );
  if (modifiedCount === 0) return;
  await logAction(ctx, { opType: 'delete', dataType: 'topic', dataId: topicId, description: '' });
}
