/** Likes for our web app; the same core services as the legacy like endpoints. */
import { LikedAmongInputSchema, LikeTargetSchema } from '@forum/contracts';
import { likedAmong, likeEntity, presentLikers, recentLikers, unlikeEntity } from '@forum/core';
import { authedProcedure, postingProcedure, publicProcedure, router } from '../init';

export const likesRouter = router({
  like: postingProcedure.input(LikeTargetSchema).mutation(async ({ ctx, input }) => {
    await likeEntity(ctx.request, input.entityType, input.entityId);
    return { liked: true };
  }),
  unlike: authedProcedure.input(LikeTargetSchema).mutation(async ({ ctx, input }) => {
    await unlikeEntity(ctx.request, input.entityType, input.entityId);
    return { liked: false };
  }),
  recent: publicProcedure
    .input(LikeTargetSchema)
    .query(async ({ input }) => presentLikers(await recentLikers(input.entityType, input.entityId))),
  /** Which of these the viewer liked ([] for visitors). */
  likedAmong: publicProcedure
    .input(LikedAmongInputSchema)
    .query(async ({ ctx, input }) => [
      ...(await likedAmong(ctx.user?._id, input.entityType, input.entityIds)),
    ]),
});
