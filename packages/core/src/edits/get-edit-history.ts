import { type EditHistory, type EditTarget, EditTargetSchema, Texts, TopicType } from '@forum/contracts';
import { Comment, type CommentDoc } from '../comments/model';
import { AppError } from '../errors';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { Topic, type TopicDoc } from '../topics/model';
import { presentAuthor, presentUserCard } from '../users/presenters';
import { usersByIds } from '../users/users';
import { EditHistoryModel, historyId, type EditHistoryDoc, type EditVersionDoc } from './model';

type Item = Pick<CommentDoc, 'userId' | 'content' | 'createTime'> & {
  editTime?: number | null;
  editUserId?: number | null;
};

async function loadItem({ kind, id }: EditTarget): Promise<Item | null> {
  if (kind === 'comment') return Comment.findById(id, { outbox: 0 }).lean<CommentDoc>();
  const topic = await Topic.findById(id, { outbox: 0 }).lean<TopicDoc>();
  return topic?.type === TopicType.Tweet ? topic : null;
}

/**
 * Every text a comment or tweet has had, newest first: the current one, then each an edit
 * replaced. For moderators (deleted items included, as the console shows them); two `_id` reads.
 */
export async function getEditHistoryForAdmin(ctx: RequestContext, target: EditTarget): Promise<EditHistory> {
  authorize(ctx.actor, 'getEditHistoryForAdmin');
  const { kind, id } = EditTargetSchema.parse(target);
  const [item, history] = await Promise.all([
    loadItem({ kind, id }),
    EditHistoryModel.findById(historyId(kind, id)).lean<EditHistoryDoc>(),
  ]);
  if (!item) {
    throw new AppError('NOT_FOUND', kind === 'comment' ? Texts.comments.missing : Texts.edits.tweetMissing);
  }
  const current: EditVersionDoc = {
    content: item.content ?? '',
    time: item.editTime || item.createTime,
    userId: item.editUserId || item.userId,
  };
  const versions = [current, ...(history?.versions ?? []).toReversed()];
  const users = await usersByIds(versions.map((version) => version.userId));
  return {
    kind,
    id,
    versions: versions.map((version) => ({
      content: version.content,
      time: version.time,
      user: presentAuthor(presentUserCard(users.get(version.userId), version.userId)),
    })),
  };
}
