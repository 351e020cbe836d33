/** Comments and replies, `/api/comment/...` (docs/legacy-api.md §1.7). */
import type { Request, Router } from 'express';
import { CommentContentTypes, type CommentContentType, Texts } from '@forum/contracts';
import { AppError, createComment, likeEntity, listComments, listReplies } from '@forum/core';
import { resolveRequestUser } from '../context';
import { spamErrorAsMessage } from './envelope';
import { contextOf, formInt, formText, idOf, imagesOf, numericId, requiredInt } from './form';
import { handle, handlePublic } from './handler';
import { legacyCommentOf, legacyReplyPage, legacyThreadPage } from './presenters/comments';

/** bbs-go stored any content type and showed unknown ones as text; we store them as text. */
function contentTypeOf(req: Request): CommentContentType {
  const raw = formText(req, 'contentType');
  return (CommentContentTypes as readonly string[]).includes(raw) ? (raw as CommentContentType) : 'text';
}

export function commentRoutes(api: Router): void {
  api.get(
    '/comment/comments',
    handlePublic(async (req) => {
      const entityType = formText(req, 'entityType');
      if (!entityType) throw new AppError('INVALID_INPUT', Texts.comments.entityTypeRequired);
      const entityId = requiredInt(req, 'entityId');
      const { user } = await resolveRequestUser(req);
      const page = await listComments({ entityType, entityId, cursor: formInt(req, 'cursor') });
      return legacyThreadPage(page, user?._id);
    }),
  );
  api.get(
    '/comment/replies',
    handlePublic(async (req) => {
      const { user } = await resolveRequestUser(req);
      const page = await listReplies({
        commentId: formInt(req, 'commentId'),
        cursor: formInt(req, 'cursor'),
      });
      return legacyReplyPage(page, user?._id);
    }),
  );
  api.post(
    '/comment/create',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const comment = await createComment(contextOf(req, user), {
        entityType: formText(req, 'entityType').slice(0, 32),
        entityId: Math.max(0, formInt(req, 'entityId')),
        content: formText(req, 'content'),
        contentType: contentTypeOf(req),
        imageList: imagesOf(req),
        quoteId: Math.max(0, formInt(req, 'quoteId')),
      }).catch(spamErrorAsMessage);
      return legacyCommentOf(comment);
    }),
  );
  api.post(
    '/comment/like/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await likeEntity(contextOf(req, user), 'comment', idOf(req));
      return null;
    }),
  );
}
