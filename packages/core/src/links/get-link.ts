import { LinkStatus } from '@forum/contracts';
import { AppError } from '../errors';
import { readLink } from '../read-model/links';
import type { LinkDoc } from './model';
import { validLinkId } from './rules';

/** A shown link (legacy GET /api/link/{id}); hidden or missing ones are "数据不存在". */
export async function getLink(linkId: number): Promise<LinkDoc> {
  const link = validLinkId(linkId) ? await readLink(linkId) : null;
  if (!link || link.status !== LinkStatus.Ok) throw new AppError('NOT_FOUND');
  return link;
}
