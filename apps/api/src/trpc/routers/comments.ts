/** Comments and replies for our web app; the same core services as /api/comment/... */
import { z } from 'zod';
import {
  CommentListInputSchema,
  CreateCommentInputSchema,
  ReplyListInputSchema,
  Texts,
} from '@forum/contracts';
import {
  createComment,
  listComments,
  listReplies,
  readShownComment,
  AppError,
  presentComment,
  presentReplyPage,
  presentThreadPage,
} from '@forum/core';
import { postingProcedure, publicProcedure, router } from '../init';

export const commentsRouter = router({
  create: postingProcedure.input(CreateCommentInputSchema).mutation(async ({ ctx, input }) => {
    return presentComment(await createComment(ctx.request, input));
  }),
  list: publicProcedure.input(CommentListInputSchema).query(async ({ ctx, input }) => {
    return presentThreadPage(await listComments(input), ctx.user?._id);
  }),
  /** One shown comment or reply, as the list shows it (a comment that arrived live). */
  get: publicProcedure
    .input(z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }))
    .query(async ({ input }) => {
      const comment = await readShownComment(input.id);
      if (!comment) throw new AppError('NOT_FOUND', Texts.comments.missing);
      return presentComment(comment);
    }),
  replies: publicProcedure.input(ReplyListInputSchema).query(async ({ ctx, input }) => {
    return presentReplyPage(await listReplies(input), ctx.user?._id);
  }),
});
