import { TagDraftSchema, type TagDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { forgetTagName, projectTag } from '../read-model/tags';
import type { RequestContext } from '../request-context';
import { getTagForAdmin } from './get-tag-for-admin';
import { Tag, type TagDoc } from './model';
import { tagIdNamed, tagNameTaken } from './rules';

/** The owner replaces every editable field of tag `id` (legacy POST /api/admin/tag/update). */
export async function updateTag(ctx: RequestContext, input: TagDraftInput & { id: number }): Promise<TagDoc> {
  authorize(ctx.actor, 'administer');
  const { id, ...fields } = input;
  const draft = parseInput(TagDraftSchema, fields);
  const before = await getTagForAdmin(ctx, id);
  const nameLower = draft.name.toLowerCase();
  const holder = await tagIdNamed(nameLower);
  if (holder !== undefined && holder !== id) throw tagNameTaken(draft.name);
  const tag = await Tag.findOneAndUpdate(
    { _id: id },
    { $set: { ...draft, nameLower, updateTime: Date.now() } },
    { returnDocument: 'after' },
  ).lean<TagDoc>();
  if (!tag) throw new AppError('NOT_FOUND', Texts.tags.missing);
  if (before.nameLower !== nameLower) await forgetTagName(before.nameLower, id);
  await projectTag(tag);
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'tag',
    dataId: id,
    description: Texts.audit.tagUpdated(tag.name),
  });
  return tag;
}
