import { Texts } from '@forum/contracts';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { favoriteFor } from './rules';
import { type FavoriteRowInput } from './rows';

/** A favourite for a user, as that user would add it (a second one is the same row). */
export async function createFavoriteRow(ctx: RequestContext, input: FavoriteRowInput) {
  authorize(ctx.actor, 'moderate');
  return favoriteFor(ctx, input, Texts.audit.favoriteAdded);
}
