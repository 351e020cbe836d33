import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { Link, type LinkDoc } from './model';
import { validLinkId } from './rules';

/** Any link, hidden ones too, for the admin. */
export async function getLinkForAdmin(actor: UserDoc | null | undefined, linkId: number): Promise<LinkDoc> {
  authorize(actor, 'moderate');
  const link = validLinkId(linkId) ? await Link.findById(linkId).lean<LinkDoc>() : null;
  if (!link) throw new AppError('NOT_FOUND');
  return link;
}
