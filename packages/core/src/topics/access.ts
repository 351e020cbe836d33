/** Who may change a topic: its author, or the owner and admins. */
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { isOwnerOrAdmin } from '../users/roles';
import type { TopicDoc } from './model';
import { readTopic } from '../read-model/topics';

export function canManageTopic(user: UserDoc | null | undefined, topic: Pick<TopicDoc, 'userId'>): boolean {
  return !!user && (user._id === topic.userId || isOwnerOrAdmin(user));
}

/** A shown topic the user may edit: exists, is a topic (not a tweet), and is theirs or they moderate. */
export async function editableTopic(user: UserDoc, topicId: number): Promise<TopicDoc> {
  const topic = await readTopic(topicId);
  if (!topic || topic.status !== 0) throw new AppError('NOT_FOUND', '话题不存在或已被删除');
  // Tweets are short posts people react to; changing one afterwards would rewrite the conversation.
  if (topic.type !== 0) throw new AppError('INVALID_INPUT', '当前类型帖子不支持修改');
  if (!canManageTopic(user, topic)) throw new AppError('FORBIDDEN', '无权限');
  return topic;
}
