/** Comments and replies for our web app; the same core services as /api/comment/... */
import { CommentListInputSchema, CreateCommentInputSchema, ReplyListInputSchema } from '@forum/contracts';
import {
  createComment,
  listComments,
  listReplies,
  presentComment,
  presentReplyPage,
  presentThreadPage,
  topicRenderOptions,
} from '@forum/core';
import { siteBaseUrl } from '../../legacy/topic';
import { postingProcedure, publicProcedure, router } from '../init';

const render = () => topicRenderOptions(siteBaseUrl());

export const commentsRouter = router({
  create: postingProcedure.input(CreateCommentInputSchema).mutation(async ({ ctx, input }) => {
    const meta = { ip: ctx.ip ?? '', userAgent: ctx.req.get('user-agent') ?? '' };
    return presentComment(await createComment(ctx.user, input, meta), await render());
  }),
  list: publicProcedure.input(CommentListInputSchema).query(async ({ ctx, input }) => {
    const page = await listComments({
      entityType: input.entityType,
      entityId: input.entityId,
      cursor: Number(input.cursor ?? 0),
    });
    return presentThreadPage(page, await render(), ctx.user?._id);
  }),
  replies: publicProcedure.input(ReplyListInputSchema).query(async ({ ctx, input }) => {
    const page = await listReplies({ commentId: input.commentId, cursor: Number(input.cursor ?? 0) });
    return presentReplyPage(page, await render(), ctx.user?._id);
  }),
});
