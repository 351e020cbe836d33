/**
 * Comments in the read model. The comments of a topic or article and the replies of a comment
 * (entityType 'comment') are lists scored by comment id; a user's comments are a list too, whose
 * size is their comment count. A topic's or article's comment count is the size of its list.
 */
import { CommentStatus } from '@forum/contracts';
import { Comment, type CommentDoc } from '../comments/model';
import { cacheDoc, defineEntityKind, dropDoc, readEntities, readEntity, readInOrder } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmEntityList, rmKey } from './store';
import { userLists } from './users';

export const commentLists = {
  /** Shown comments of an entity ('topic', 'article', or 'comment' for the replies of a comment). */
  of: (entityType: string, entityId: number) => rmKey('comments', entityType, entityId),
};

export const commentKind = defineEntityKind({
  name: 'comment',
  model: Comment,
  hidden: ['outbox', 'ip', 'userAgent'],
  counts: {
    likeCount: { list: rmEntityList('likers', 'comment') },
    commentCount: { list: rmEntityList('comments', 'comment') },
  },
});

function listsOf(comment: CommentDoc): Map<string, number> {
  const lists = new Map<string, number>();
  if (comment.status !== CommentStatus.Ok) return lists;
  lists.set(commentLists.of(comment.entityType, comment.entityId), comment._id);
  lists.set(userLists.comments(comment.userId), comment._id);
  return lists;
}

export async function projectComment(comment: CommentDoc): Promise<void> {
  await cacheDoc(commentKind, comment);
  await placeInLists(`comment:${comment._id}`, comment._id, listsOf(comment));
}

export async function reprojectComment(id: number): Promise<CommentDoc | null> {
  const comment = await Comment.findById(id, { outbox: 0, ip: 0, userAgent: 0 }).lean<CommentDoc>();
  if (comment) await projectComment(comment);
  else {
    await dropDoc(commentKind, id);
    await placeInLists(`comment:${id}`, id, new Map());
  }
  return comment;
}

export function readComments(ids: readonly number[]): Promise<CommentDoc[]> {
  return readInOrder<CommentDoc>(commentKind, ids);
}

export function readCommentMap(ids: readonly number[]): Promise<Map<number, CommentDoc>> {
  return readEntities<CommentDoc>(commentKind, ids);
}

export function readComment(id: number): Promise<CommentDoc | null> {
  return readEntity<CommentDoc>(commentKind, id);
}

defineRebuildSource<CommentDoc>({
  name: 'comments',
  owner: 'comment',
  model: Comment,
  projection: { outbox: 0, ip: 0, userAgent: 0 },
  project: projectComment,
});
