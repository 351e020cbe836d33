import { Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { authorize } from '../policies';
import { projectLink } from '../read-model/links';
import type { RequestContext } from '../request-context';
import { Link, type LinkDoc } from './model';
import { validLinkId } from './rules';

/**
 * Puts the given links in this order (the console's ordering): the first gets `sortNo` 0, the
 * next 1, …. Unknown ids are refused before anything is written.
 */
export async function reorderLinks(ctx: RequestContext, input: { ids: number[] }): Promise<void> {
  authorize(ctx.actor, 'moderate');
  const { ids } = input;
  const links = await Promise.all(
    ids.map(async (id) => (validLinkId(id) ? Link.findById(id).lean<LinkDoc>() : null)),
  );
  if (links.some((link) => !link)) throw new AppError('NOT_FOUND');
  for (const [index, link] of links.entries()) {
    if ((link!.sortNo ?? 0) === index) continue;
    await projectLink(
      (await Link.findOneAndUpdate(
        { _id: link!._id },
        { $set: { sortNo: index } },
        { returnDocument: 'after' },
      ).lean<LinkDoc>())!,
    );
  }
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'link',
    dataId: 0,
    description: Texts.audit.linksReordered(ids),
  });
}
