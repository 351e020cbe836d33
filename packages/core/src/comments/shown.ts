/** Which comments anyone may see: shown themselves, in a thread whose topic or article is shown. */
import { CommentEntityTypes, CommentStatus, type CommentEntityType } from '@forum/contracts';
import { readComment } from '../read-model/comments';
import type { CommentDoc } from './model';
import { commentTarget } from './targets';

export function isCommentEntityType(value: string): value is CommentEntityType {
  return (CommentEntityTypes as readonly string[]).includes(value);
}

/** The comment `id` if it exists and is not deleted. */
export async function shownComment(id: number | null | undefined): Promise<CommentDoc | null> {
  const comment = id && Number.isSafeInteger(id) && id > 0 ? await readComment(id) : null;
  return comment?.status === CommentStatus.Ok ? comment : null;
}

/** Whether the topic or article a top-level comment belongs to is still shown. */
export async function rootShown(comment: CommentDoc): Promise<boolean> {
  const type = comment.entityType;
  if (!isCommentEntityType(type) || type === 'comment') return false;
  const target = commentTarget(type);
  return !!target && (await target.exists(comment.entityId));
}

/** A comment or reply as readers of its topic or article see it, or null when they cannot. */
export async function readShownComment(id: number): Promise<CommentDoc | null> {
  const comment = await shownComment(id);
  if (!comment) return null;
  const top = comment.entityType === 'comment' ? await shownComment(comment.entityId) : comment;
  return top && (await rootShown(top)) ? comment : null;
}
