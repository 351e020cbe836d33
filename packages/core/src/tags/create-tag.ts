import { TagDraftSchema, type TagDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { insertNumbered } from '../db/insert-numbered';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { projectTag } from '../read-model/tags';
import type { RequestContext } from '../request-context';
import { Tag, type TagDoc } from './model';
import { tagIdNamed, tagNameTaken } from './rules';

/** The owner adds a tag (legacy POST /api/admin/tag/create); names are unique in any case. */
export async function createTag(ctx: RequestContext, input: TagDraftInput): Promise<TagDoc> {
  authorize(ctx.actor, 'administer');
  // bbs-go forced new tags to be shown.
  const draft = { ...parseInput(TagDraftSchema, input), status: 0 };
  const nameLower = draft.name.toLowerCase();
  if ((await tagIdNamed(nameLower)) !== undefined) throw tagNameTaken(draft.name);
  const now = Date.now();
  const tag = await insertNumbered<TagDoc>(
    Tag,
    'tag',
    { ...draft, nameLower, createTime: now, updateTime: now },
    () => tagNameTaken(draft.name),
  );
  await projectTag(tag);
  await logAdminAction(ctx, {
    opType: 'create',
    dataType: 'tag',
    dataId: tag._id,
    description: Texts.audit.tagCreated(tag.name),
  });
  return tag;
}
