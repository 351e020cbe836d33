import {
  COMMENT_CONTENT_MAX_LENGTH,
  CommentStatus,
  CreateCommentInputSchema,
  type CommentEntityType,
  type CreateCommentInput,
  Texts,
} from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents } from '../events/insert-with-events';
import { newEvent } from '../events/outbox';
import { assertCanPost } from '../policies';
import { hitRateLimit } from '../rate-limit';
import type { RequestContext } from '../request-context';
import { checkTweetImages } from '../topics/rules';
import { assertNoForbiddenWordsIn } from '../topics/forbidden-words';
import { charLength, cleanText } from '../markdown';
import { projectComment } from '../read-model/comments';
import { Comment, type CommentDoc } from './model';
import { commentTarget } from './targets';
import { isCommentEntityType, rootShown, shownComment } from './shown';
import { resolveMentions } from '../mentions/rules';

const invalid = (message: string) => new AppError('INVALID_INPUT', message);

/** Where a comment goes once replies to replies are folded into their thread. */
interface Placement {
  entityType: CommentEntityType;
  entityId: number;
  quoteId: number;
  /** The top-level comment of a reply, whose reply count goes up. */
  parent?: CommentDoc;
}

/**
 * Checks that the target is shown. Threads are two levels deep: a reply to a reply joins the
 * thread of its top-level comment and quotes the reply it answers, as the legacy site sends it.
 */
async function placeComment(
  entityType: CommentEntityType,
  entityId: number,
  quoteId: number,
): Promise<Placement> {
  if (entityType !== 'comment') {
    const target = commentTarget(entityType);
    if (!target || !(await target.exists(entityId))) throw invalid(Texts.comments.targetMissing);
    return { entityType, entityId, quoteId };
  }
  const answered = await shownComment(entityId);
  if (!answered) throw invalid(Texts.comments.targetMissing);
  const parent = answered.entityType === 'comment' ? await shownComment(answered.entityId) : answered;
  if (!parent || !(await rootShown(parent))) throw invalid(Texts.comments.targetMissing);
  return {
    entityType,
    entityId: parent._id,
    quoteId: quoteId || (answered._id === parent._id ? 0 : answered._id),
    parent,
  };
}

/** A quote must be a shown comment of the same thread. */
async function checkQuote(placement: Placement): Promise<void> {
  if (placement.quoteId <= 0) return;
  const quoted = await shownComment(placement.quoteId);
  const sameThread =
    !!quoted &&
    ((quoted.entityType === placement.entityType && quoted.entityId === placement.entityId) ||
      quoted._id === placement.parent?._id);
  if (!sameThread) throw invalid(Texts.comments.quoteMissing);
}

/**
 * Publishes a comment or reply. Every check runs before anything is written, so a refused comment
 * leaves nothing behind. The `comment.created` event is recorded in the comment's own insert; its
 * job projects the comment and its target again, so a crash before the projection is repaired.
 */
export async function createComment(ctx: RequestContext, input: CreateCommentInput): Promise<CommentDoc> {
  const user = await assertCanPost(ctx.actor);
  // Parsed after the posting check: bbs-go answers "sign in first" before any input error.
  const parsed = CreateCommentInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  const command = parsed.data;
  const config = await getSiteConfig();
  if (config.createCommentEmailVerified && !user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');

  const entityType = command.entityType.trim();
  if (!entityType || command.entityId <= 0) throw invalid(Texts.common.invalidParam);
  // bbs-go accepted any string and then failed to notify anyone (docs/legacy-api.md Appendix A #14).
  if (!isCommentEntityType(entityType)) throw invalid(Texts.comments.unsupportedTarget);
  const content = cleanText(command.content);
  const imageList = checkTweetImages(command.imageList);
  if (!content && imageList.length === 0)
    throw AppError.about('content', 'INVALID_INPUT', Texts.comments.empty);
  if (charLength(content) > COMMENT_CONTENT_MAX_LENGTH) {
    throw AppError.about('content', 'INVALID_INPUT', Texts.comments.tooLong(COMMENT_CONTENT_MAX_LENGTH));
  }
  await assertNoForbiddenWordsIn('content', content);
  const placement = await placeComment(entityType, command.entityId, command.quoteId);
  await checkQuote(placement);
  await hitRateLimit('comment-create', user._id);
  const mentions = await resolveMentions(content);

  const comment = await insertWithFreshId('comment', Comment, async (id) => {
    const now = Date.now();
    const event = newEvent('comment.created', {
      commentId: id,
      entityType: placement.entityType,
      entityId: placement.entityId,
      userId: user._id,
    });
    return (await insertWithEvents(
      Comment,
      {
        _id: id,
        userId: user._id,
        entityType: placement.entityType,
        entityId: placement.entityId,
        content,
        contentType: command.contentType,
        mentions,
        imageList,
        quoteId: placement.quoteId,
        status: CommentStatus.Ok,
        ip: ctx.ip.slice(0, 128),
        userAgent: ctx.userAgent.slice(0, 1024),
        createTime: now,
      },
      [event],
      {
        // Reply and comment counts are sizes of the lists the projection puts the comment in.
        project: async (stored) => {
          await projectComment(stored);
          if (!placement.parent && placement.entityType !== 'comment') {
            await commentTarget(placement.entityType)?.onComment?.(placement.entityId, {
              id,
              userId: user._id,
              createTime: now,
            });
          }
        },
      },
    )) as CommentDoc;
  });
  return comment;
}
