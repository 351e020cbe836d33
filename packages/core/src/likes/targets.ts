/**
 * What can be liked and where its like counter lives. Topics and comments are known here; other
 * modules (articles) register theirs with `registerLikeTarget`.
 */
import type { LikeEntityType } from '@forum/contracts';
import { Comment } from '../comments/model';
import { Topic } from '../topics/model';

export interface LikeTarget {
  /** Whether a shown entity with this id exists. */
  exists(id: number): Promise<boolean>;
  /** Adds `delta` (±1) to the entity's like counter; a decrement never goes below 0. */
  addLikes(id: number, delta: 1 | -1): Promise<void>;
  /** What a like of a missing or hidden entity answers. */
  missingMessage: string;
}

/** A decrement only applies to a positive counter, so drift never shows a negative count. */
const guardOf = (delta: 1 | -1) => (delta < 0 ? { likeCount: { $gt: 0 } } : {});

const topicTarget: LikeTarget = {
  missingMessage: '话题不存在',
  exists: async (id) => !!(await Topic.exists({ _id: id, status: 0 })),
  addLikes: async (id, delta) => {
    await Topic.updateOne({ _id: id, ...guardOf(delta) }, { $inc: { likeCount: delta } });
  },
};

const commentTarget: LikeTarget = {
  missingMessage: '评论不存在',
  exists: async (id) => !!(await Comment.exists({ _id: id, status: 0 })),
  addLikes: async (id, delta) => {
    await Comment.updateOne({ _id: id, ...guardOf(delta) }, { $inc: { likeCount: delta } });
  },
};

const targets = new Map<LikeEntityType, LikeTarget>([
  ['topic', topicTarget],
  ['comment', commentTarget],
]);

export function registerLikeTarget(entityType: LikeEntityType, target: LikeTarget): void {
  targets.set(entityType, target);
}

export function likeTarget(entityType: LikeEntityType): LikeTarget | undefined {
  return targets.get(entityType);
}
