import {
  COMMENT_CONTENT_MAX_LENGTH,
  CommentStatus,
  EditContentInputSchema,
  type EditContentInput,
  type EditKind,
  type EditSource,
  type EditTarget,
  Texts,
  TopicStatus,
  TopicType,
} from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { Comment, type CommentDoc } from '../comments/model';
import { getSiteConfig } from '../config/site-config';
import { AppError } from '../errors';
import { entityUpdater } from '../events/update-with-events';
import { charLength, cleanText } from '../markdown';
import { assertCanPost, authorize, can } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { resolveMentions } from '../mentions/rules';
import { reprojectComment } from '../read-model/comments';
import type { RequestContext } from '../request-context';
import { changeTopic } from '../topics/change-topic';
import { assertNoForbiddenWordsIn } from '../topics/forbidden-words';
import { Topic, type TopicDoc } from '../topics/model';
import { checkTweet } from '../topics/rules';
import type { UserDoc } from '../users/model';
import { EditHistoryModel, historyId } from './model';

/** Updates a comment with `entity.changed` recorded, and projects it again (see `entityUpdater`). */
const changeComment = entityUpdater('comment', Comment, reprojectComment);

const MINUTE_MS = 60_000;

type Editable = Pick<CommentDoc, '_id' | 'userId' | 'status' | 'content' | 'createTime'> & {
  editTime?: number | null;
  editUserId?: number | null;
  imageList?: { url: string }[] | null;
};

/** The comment or tweet, read by `_id` from MongoDB (an edit starts from the stored text). */
async function loadEditable(kind: EditKind, id: number): Promise<Editable | null> {
  if (kind === 'comment') {
    const comment = await Comment.findById(id, { outbox: 0 }).lean<CommentDoc>();
    return comment?.status === CommentStatus.Ok ? comment : null;
  }
  const topic = await Topic.findById(id, { outbox: 0 }).lean<TopicDoc>();
  return topic?.status === TopicStatus.Ok && topic.type === TopicType.Tweet ? topic : null;
}

/**
 * The item `user` may edit now, and the end of their window (0: moderators, any time). A member's
 * window is the site's `contentEditMinutes` from posting.
 */
async function editableBy(
  user: UserDoc,
  { kind, id }: EditTarget,
  now: number,
): Promise<{ item: Editable; editableUntil: number }> {
  const item = await loadEditable(kind, id);
  if (!item) {
    throw new AppError('NOT_FOUND', kind === 'comment' ? Texts.comments.missing : Texts.edits.tweetMissing);
  }
  authorize(user, kind === 'comment' ? 'editComment' : 'editTweet', item);
  if (can(user, 'editAfterWindow')) return { item, editableUntil: 0 };
  const minutes = (await getSiteConfig()).contentEditMinutes;
  const editableUntil = item.createTime + minutes * MINUTE_MS;
  if (now >= editableUntil) throw new AppError('FORBIDDEN', Texts.edits.windowClosed(minutes));
  return { item, editableUntil };
}

/** The new text under the rules of creation: required (unless there are images), length, words. */
async function checkedContent(kind: EditKind, item: Editable, content: string): Promise<string> {
  const images = item.imageList ?? [];
  let text: string;
  if (kind === 'tweet') {
    text = checkTweet(content, images).content;
  } else {
    text = cleanText(content);
    if (!text && images.length === 0) throw AppError.about('content', 'INVALID_INPUT', Texts.comments.empty);
    if (charLength(text) > COMMENT_CONTENT_MAX_LENGTH) {
      throw AppError.about('content', 'INVALID_INPUT', Texts.comments.tooLong(COMMENT_CONTENT_MAX_LENGTH));
    }
  }
  await assertNoForbiddenWordsIn('content', text);
  return text;
}

/** What the inline editor starts from: the stored text, if the caller may edit the item now. */
export async function getEditSource(ctx: RequestContext, target: EditTarget): Promise<EditSource> {
  const user = await assertCanPost(ctx.actor);
  const { item, editableUntil } = await editableBy(user, target, Date.now());
  return { kind: target.kind, id: target.id, content: item.content ?? '', editableUntil };
}

/**
 * Replaces the text of a comment or tweet (its images stay). The same checks as creation apply
 * (posting refusals such as a mute, required text, length, forbidden words; the text is stored as
 * the author typed it and rendered safely on reading, as on creation), then the edit window, and
 * the `content-edit` rate limit. The replaced text is kept in the item's history first; the item's
 * write records `entity.changed`, whose jobs project it again (and re-index a tweet), and it is
 * projected before the answer, so every read, the legacy API's included, shows the new text.
 */
export async function editContent(ctx: RequestContext, input: EditContentInput): Promise<void> {
  const user = await assertCanPost(ctx.actor);
  const parsed = EditContentInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  const { kind, id } = parsed.data;
  const now = Date.now();
  const { item } = await editableBy(user, parsed.data, now);
  const content = await checkedContent(kind, item, parsed.data.content);
  if (content === (item.content ?? ''))
    throw AppError.about('content', 'INVALID_INPUT', Texts.edits.unchanged);
  await hitRateLimit('content-edit', user._id);

  // The replaced text first: an edit whose process dies after it leaves one extra version, never a lost one.
  await EditHistoryModel.updateOne(
    { _id: historyId(kind, id) },
    {
      $push: {
        versions: {
          content: item.content ?? '',
          time: item.editTime || item.createTime,
          userId: item.editUserId || item.userId,
        },
      },
    },
    { upsert: true },
  );
  const mentions = await resolveMentions(content);
  const change = { $set: { content, mentions, editTime: now, editUserId: user._id } };
  const { matchedCount } =
    kind === 'comment'
      ? await changeComment({ _id: id, status: CommentStatus.Ok }, change)
      : await changeTopic({ _id: id, status: TopicStatus.Ok }, change);
  if (matchedCount === 0) {
    throw new AppError('NOT_FOUND', kind === 'comment' ? Texts.comments.missing : Texts.edits.tweetMissing);
  }
  await logAction(ctx, {
    opType: 'update',
    dataType: kind === 'comment' ? 'comment' : 'topic',
    dataId: id,
    description: '',
  });
}
