/** Recommend and sticky: flags only the owner and admins set. Each change is in the operation log. */
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import { authorize } from '../policies';
import { readTopic } from '../read-model/topics';
import type { RequestContext } from '../request-context';
import { newEvent } from '../events/outbox';
import { TopicStatus, Texts } from '@forum/contracts';
import { changeTopic } from './change-topic';

async function setFlag(
  ctx: RequestContext,
  topicId: number,
  flag: 'recommend' | 'sticky',
  value: boolean,
  missingMessage: string,
): Promise<void> {
  const user = authorize(ctx.actor, 'moderate');
  const topic = await readTopic(topicId);
  if (!topic || topic.status !== TopicStatus.Ok) throw new AppError('NOT_FOUND', missingMessage);
  if (!!topic[flag] === value) return;
  // Setting stamps the time lists order by; unsetting keeps it, as bbs-go did.
  const set = value ? { [flag]: true, [`${flag}Time`]: Date.now() } : { [flag]: false };
  // A recommendation is told to the author (docs/legacy-api.md §4.5); the event rides in the same write.
  const events =
    flag === 'recommend' && value
      ? [newEvent('topic.recommended', { topicId, userId: topic.userId, actorId: user._id })]
      : [];
  await changeTopic({ _id: topicId }, { $set: set }, events);
  await logAction(ctx, {
    opType: 'update',
    dataType: 'topic',
    dataId: topicId,
    description: Texts.audit.topicFlags[flag][value ? 'on' : 'off'],
  });
}

/** Marks or unmarks a topic as recommended; unchanged ⇒ no-op. */
export function setTopicRecommend(ctx: RequestContext, topicId: number, recommend: boolean): Promise<void> {
  return setFlag(ctx, topicId, 'recommend', recommend, Texts.topics.missingOnRecommend);
}

/** Pins or unpins a topic; unchanged ⇒ no-op. */
export function setTopicSticky(ctx: RequestContext, topicId: number, sticky: boolean): Promise<void> {
  return setFlag(ctx, topicId, 'sticky', sticky, Texts.topics.missing);
}
