import { FollowListInputSchema, FollowTargetSchema } from '@forum/contracts';
import { followUser, isFollowing, listFans, listFollows, presentFollowPage, unfollowUser } from '@forum/core';
import { authedProcedure, publicProcedure, router } from '../init';

/** Twins of /api/fans/... (docs/legacy-api.md §1.10); `followed` in lists is computed for the viewer. */
export const followsRouter = router({
  follow: authedProcedure.input(FollowTargetSchema).mutation(async ({ ctx, input }) => {
    await followUser(ctx.request, input.userId);
    return { followed: ctx.user._id !== input.userId };
  }),
  unfollow: authedProcedure.input(FollowTargetSchema).mutation(async ({ ctx, input }) => {
    await unfollowUser(ctx.request, input.userId);
    return { followed: false };
  }),
  isFollowed: publicProcedure
    .input(FollowTargetSchema)
    .query(({ ctx, input }) => isFollowing(ctx.user?._id, input.userId)),
  fans: publicProcedure
    .input(FollowListInputSchema)
    .query(async ({ ctx, input }) =>
      presentFollowPage(await listFans({ ...input, viewerId: ctx.user?._id })),
    ),
  follows: publicProcedure
    .input(FollowListInputSchema)
    .query(async ({ ctx, input }) =>
      presentFollowPage(await listFollows({ ...input, viewerId: ctx.user?._id })),
    ),
});
