/** Recommend and sticky: flags only the owner and admins set. Each change is in the operation log. */
import { writeOperateLog } from '../audit/operate-log';
import { AppError } from '../errors';
import { authorize } from '../policies';
import type { UserDoc } from '../users/model';
import { readTopic } from '../read-model/topics';
import type { PostMeta } from './create-topic';
import { updateProjected } from '../read-model/changes';
import { newEvent } from '../events/outbox';
import { TopicStatus, Texts } from '@forum/contracts';

async function setFlag(
  actor: UserDoc | null | undefined,
  topicId: number,
  flag: 'recommend' | 'sticky',
  value: boolean,
  missingMessage: string,
  meta: PostMeta,
): Promise<void> {
  const user = authorize(actor, 'moderate');
  const topic = await readTopic(topicId);
  if (!topic || topic.status !== TopicStatus.Ok) throw new AppError('NOT_FOUND', missingMessage);
  if (!!topic[flag] === value) return;
  // Setting stamps the time lists order by; unsetting keeps it, as bbs-go did.
  const set = value ? { [flag]: true, [`${flag}Time`]: Date.now() } : { [flag]: false };
  // A recommendation is told to the author (§4.5); the event rides in the same write.
  const events =
    flag === 'recommend' && value
      ? [newEvent('topic.recommended', { topicId, userId: topic.userId, actorId: user._id })]
      : [];
  await updateProjected('topic', { _id: topicId }, { $set: set }, events);
  const labels = { recommend: ['推荐', '取消推荐'], sticky: ['置顶', '取消置顶'] } as const;
  await writeOperateLog({
    userId: user._id,
    opType: 'update',
    dataType: 'topic',
    dataId: topicId,
    description: labels[flag][value ? 0 : 1],
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
}

/** Marks or unmarks a topic as recommended; unchanged ⇒ no-op. */
export function setTopicRecommend(
  actor: UserDoc | null | undefined,
  topicId: number,
  recommend: boolean,
  meta: PostMeta = {},
): Promise<void> {
  return setFlag(actor, topicId, 'recommend', recommend, Texts.topics.missingOnRecommend, meta);
}

/** Pins or unpins a topic; unchanged ⇒ no-op. */
export function setTopicSticky(
  actor: UserDoc | null | undefined,
  topicId: number,
  sticky: boolean,
  meta: PostMeta = {},
): Promise<void> {
  return setFlag(actor, topicId, 'sticky', sticky, Texts.topics.missing, meta);
}
