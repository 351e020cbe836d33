import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { removeFavorite } from '../favorites/favorite';
import { Favorite, type FavoriteDoc } from '../favorites/model';
import type { RequestContext } from '../request-context';
import { readUser } from '../read-model/users';
import { authorize } from '../policies';
import { favoriteFor } from './rules';
import { presentFavoriteRow, type FavoriteRowInput } from './rows';

/**
 * Points a favourite at another user or entity. The row is replaced (new id), so every list of the
 * read model follows: a favourite is one user's mark on one entity, not a record to edit in place.
 */
export async function updateFavoriteRow(ctx: RequestContext, id: number, input: Partial<FavoriteRowInput>) {
  authorize(ctx.actor, 'moderate');
  const row = await Favorite.findById(id, { outbox: 0 }).lean<FavoriteDoc>();
  if (!row) throw new AppError('INVALID_INPUT', Texts.admin.entityNotFound);
  const next = {
    userId: input.userId ?? row.userId,
    entityType: input.entityType ?? row.entityType,
    entityId: input.entityId ?? row.entityId,
  };
  if (next.userId === row.userId && next.entityType === row.entityType && next.entityId === row.entityId) {
    return presentFavoriteRow(row);
  }
  const created = await favoriteFor(ctx, next, Texts.audit.favoriteReplaced(row._id));
  await removeFavorite({ ...ctx, actor: await readUser(row.userId) }, row.entityType, row.entityId);
  return created;
}
