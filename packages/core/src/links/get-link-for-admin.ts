import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { Link, type LinkDoc } from './model';
import { validLinkId } from './rules';

/** Any link, hidden ones too, for the admin. */
export async function getLinkForAdmin(ctx: RequestContext, linkId: number): Promise<LinkDoc> {
  authorize(ctx.actor, 'getLinkForAdmin');
  const link = validLinkId(linkId) ? await Link.findById(linkId).lean<LinkDoc>() : null;
  if (!link) throw new AppError('NOT_FOUND');
  return link;
}
