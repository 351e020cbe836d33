import { CommentStatus } from '@forum/contracts';
import { reprojectComment } from '../read-model/comments';
import { Comment } from './model';

/**
 * Soft-deletes a comment (status 1) for the system, with no actor or permission check: the
 * permanent mute's maintenance job calls it for each comment of the muted user. The projection
 * takes it out of every read-model list (its topic's or article's comments, its parent's replies,
 * its author's comments), so every comment and reply count, being a list's size, follows.
 * Returns whether this call deleted it.
 */
export async function removeComment(commentId: number): Promise<boolean> {
  const { modifiedCount } = await Comment.updateOne(
    { _id: commentId, status: CommentStatus.Ok },
    { $set: { status: CommentStatus.Deleted } },
  );
  // Projected even when it was deleted already: a process that died after the write left it listed.
  await reprojectComment(commentId);
  return modifiedCount > 0;
}
