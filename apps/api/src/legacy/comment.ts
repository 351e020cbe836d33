/** Comments and replies, `/api/comment/...` (legacy-api.md §1.7). */
import type { NextFunction, Request, Response, Router } from 'express';
import { CommentContentTypes, LegacyErrorCodes, type CommentContentType } from '@forum/contracts';
import {
  AppError,
  createComment,
  legacyCommentOf,
  legacyReplyPage,
  legacyThreadPage,
  likeEntity,
  listComments,
  listReplies,
} from '@forum/core';
import { resolveRequestUser } from '../context';
import { formInt, formValue } from './fans';
import { handle, handlePublic } from './handler';
import { requestMeta } from './topic';

/** bbs-go's `{id}` only matches an integer; anything else is an unmatched route (404). */
export function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

export const idOf = (req: Request): number => Number(req.params.id);

/** A required int64 form value, with bbs-go's texts for a missing and an unparsable one. */
export function requiredInt(req: Request, name: string): number {
  const raw = formValue(req, name);
  if (raw === undefined || raw === '')
    throw new AppError('INVALID_INPUT', `unable to find param value '${name}'`);
  if (!/^[+-]?\d{1,15}$/.test(raw)) {
    throw new AppError('INVALID_INPUT', `strconv.ParseInt: parsing ${JSON.stringify(raw)}: invalid syntax`);
  }
  return Number(raw);
}

/** `imageList` is a JSON string of `[{"url": …}]`; anything that is not an array is ignored (§0.2). */
function imagesOf(req: Request): { url: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(formValue(req, 'imageList') || 'null');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((item: unknown) => {
    const url = (item as { url?: unknown } | null)?.url;
    return { url: typeof url === 'string' ? url : '' };
  });
}

/** bbs-go stored any content type and showed unknown ones as text; we store them as text. */
function contentTypeOf(req: Request): CommentContentType {
  const raw = formValue(req, 'contentType') ?? '';
  return (CommentContentTypes as readonly string[]).includes(raw) ? (raw as CommentContentType) : 'text';
}

/** Anti-spam failures were plain message errors carrying the coded text (Appendix A #1). */
function spamErrorAsMessage(error: unknown): never {
  if (AppError.is(error) && error.code === 'EMAIL_NOT_VERIFIED') {
    throw new AppError('INVALID_INPUT', `${LegacyErrorCodes[error.code]}: ${error.message}`);
  }
  throw error;
}

export function commentRoutes(api: Router): void {
  api.get(
    '/comment/comments',
    handlePublic(async (req) => {
      const entityType = formValue(req, 'entityType') ?? '';
      if (!entityType) throw new AppError('INVALID_INPUT', '参数：entityType不能为空');
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
      const comment = await createComment(
        user,
        {
          entityType: (formValue(req, 'entityType') ?? '').slice(0, 32),
          entityId: Math.max(0, formInt(req, 'entityId')),
          content: formValue(req, 'content') ?? '',
          contentType: contentTypeOf(req),
          imageList: imagesOf(req),
          quoteId: Math.max(0, formInt(req, 'quoteId')),
        },
        requestMeta(req),
      ).catch(spamErrorAsMessage);
      return legacyCommentOf(comment);
    }),
  );
  api.post(
    '/comment/like/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await likeEntity(user, 'comment', idOf(req));
      return null;
    }),
  );
}
