import { LinkDraftSchema, type LinkDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { insertNumbered } from '../db/insert-numbered';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { projectLink } from '../read-model/links';
import type { RequestContext } from '../request-context';
import { Link, type LinkDoc } from './model';

/** A moderator adds a friend link. */
export async function createLink(ctx: RequestContext, input: LinkDraftInput): Promise<LinkDoc> {
  authorize(ctx.actor, 'moderate');
  const draft = parseInput(LinkDraftSchema, input);
  const link = await insertNumbered<LinkDoc>(Link, 'link', { ...draft, createTime: Date.now() });
  await projectLink(link);
  await logAdminAction(ctx, {
    opType: 'create',
    dataType: 'link',
    dataId: link._id,
    description: Texts.audit.linkCreated(link.title),
  });
  return link;
}
