import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { authorize } from '../policies';
import { readTags } from '../read-model/tags';
import type { RequestContext } from '../request-context';
import type { TagDoc } from './model';

/** Any tag by id, hidden ones too; "标签不存在" when there is none. */
export async function getTagForAdmin(ctx: RequestContext, id: number): Promise<TagDoc> {
  authorize(ctx.actor, 'getTagForAdmin');
  const tag = Number.isSafeInteger(id) && id > 0 ? (await readTags([id])).get(id) : undefined;
  if (!tag) throw new AppError('NOT_FOUND', Texts.tags.missing);
  return tag;
}
