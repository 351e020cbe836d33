import { LinkDraftSchema, type LinkDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { projectLink } from '../read-model/links';
import type { RequestContext } from '../request-context';
import { Link, type LinkDoc } from './model';
import { validLinkId } from './rules';

/** A moderator replaces every editable field of link `id`; "数据不存在" when there is none. */
export async function updateLink(
  ctx: RequestContext,
  input: LinkDraftInput & { id: number },
): Promise<LinkDoc> {
  authorize(ctx.actor, 'moderate');
  const { id: linkId, ...fields } = input;
  const draft = parseInput(LinkDraftSchema, fields);
  const updated = validLinkId(linkId)
    ? await Link.findOneAndUpdate(
        { _id: linkId },
        { $set: draft },
        { returnDocument: 'after' },
      ).lean<LinkDoc>()
    : null;
  if (!updated) throw new AppError('NOT_FOUND');
  await projectLink(updated);
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'link',
    dataId: linkId,
    description: Texts.audit.linkUpdated(updated.title),
  });
  return updated;
}
