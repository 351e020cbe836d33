/** Favourites for our web app; the same core services as the legacy favourite endpoints. */
import { FavoriteListInputSchema, FavoriteTargetSchema } from '@forum/contracts';
import { addFavorite, isFavorited, listFavorites, presentFavoritePage, removeFavorite } from '@forum/core';
import { authedProcedure, publicProcedure, router } from '../init';

export const favoritesRouter = router({
  add: authedProcedure.input(FavoriteTargetSchema).mutation(async ({ ctx, input }) => {
    await addFavorite(ctx.request, input.entityType, input.entityId);
    return { favorited: true };
  }),
  remove: authedProcedure.input(FavoriteTargetSchema).mutation(async ({ ctx, input }) => {
    await removeFavorite(ctx.request, input.entityType, input.entityId);
    return { favorited: false };
  }),
  list: authedProcedure.input(FavoriteListInputSchema).query(async ({ ctx, input }) => {
    return presentFavoritePage(await listFavorites(ctx.user._id, input.cursor));
  }),
  isFavorited: publicProcedure
    .input(FavoriteTargetSchema)
    .query(({ ctx, input }) => isFavorited(ctx.user?._id, input.entityType, input.entityId)),
});
