/**
 * What can be liked. Topics and comments are known here; other modules (articles) register theirs
 * with `registerLikeTarget`. Like counts are the sizes of the read model's likers lists, so a target
 * only says whether its entity is shown.
 */
import { Texts } from '@forum/contracts';
import type { LikeEntityType } from '@forum/contracts';
import { readComment } from '../read-model/comments';
import { topicExists } from '../topics/get-topic';

export interface LikeTarget {
  /** Whether a shown entity with this id exists. */
  exists(id: number): Promise<boolean>;
  /** What a like of a missing or hidden entity answers. */
  missingMessage: string;
}

const topicTarget: LikeTarget = {
  missingMessage: Texts.topics.missing,
  exists: topicExists,
};

const commentTarget: LikeTarget = {
  missingMessage: Texts.comments.missing,
  exists: async (id) => (await readComment(id))?.status === 0,
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
