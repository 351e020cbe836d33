import { TopicStatus, Texts } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import { newEvent } from '../events/outbox';
import type { RequestContext } from '../request-context';
import { readTopic } from '../read-model/topics';
import { authorize } from '../policies';
import { changeTopic } from '../topics/change-topic';

/** Brings a deleted topic back (status 0); a shown one is a no-op. */
export async function restoreTopic(ctx: RequestContext, topicId: number) {
  const user = authorize(ctx.actor, 'moderate');
  const topic = await readTopic(topicId);
  if (!topic) throw new AppError('NOT_FOUND', Texts.topics.missing);
  const restored = newEvent('topic.restored', { topicId, actorId: user._id });
  const { modifiedCount } = await changeTopic(
    { _id: topicId, status: TopicStatus.Deleted },
    { $set: { status: 0 } },
    [restored],
  );
  if (modifiedCount === 0) return;
  await logAction(ctx, {
    opType: 'update',
    dataType: 'topic',
    dataId: topicId,
    description: Texts.audit.topicRestored,
  });
}
