/**
 * What a comment can be attached to. Topics are known here; other modules (articles) register
 * theirs with `registerCommentTarget`, so this module never imports them.
 */
import type { CommentEntityType } from '@forum/contracts';
import { bumpTopicOnComment, topicExists } from '../topics/get-topic';

/** The comment just stored, as a target's hook sees it. */
export interface StoredComment {
  id: number;
  userId: number;
  createTime: number;
}

export interface CommentTarget {
  /** Whether a shown entity with this id exists. */
  exists(id: number): Promise<boolean>;
  /** Runs after a comment on the entity is stored (counters, last-activity time). */
  onComment?(id: number, comment: StoredComment): Promise<void>;
}

/** Replies ('comment') are handled by the comment service itself. */
export type ExternalCommentEntityType = Exclude<CommentEntityType, 'comment'>;

const targets = new Map<ExternalCommentEntityType, CommentTarget>([
  [
    'topic',
    {
      exists: topicExists,
      onComment: (id, comment) => bumpTopicOnComment(id, comment.createTime, comment.userId),
    },
  ],
]);

export function registerCommentTarget(entityType: ExternalCommentEntityType, target: CommentTarget): void {
  targets.set(entityType, target);
}

export function commentTarget(entityType: ExternalCommentEntityType): CommentTarget | undefined {
  return targets.get(entityType);
}
