import { containsText } from '../audit/admin-query';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { Tag, type TagDoc } from './model';

const ADMIN_AUTOCOMPLETE_LIMIT = 10;

/**
 * Tags whose name starts with `keyword`, any status (legacy GET /api/admin/tag/autocomplete); a
 * blank keyword gives the ten newest.
 */
export async function autocompleteTagsForAdmin(ctx: RequestContext, keyword: string): Promise<TagDoc[]> {
  authorize(ctx.actor, 'autocompleteTagsForAdmin');
  const prefix = keyword.replace(/\0/g, '').trim().toLowerCase();
  const filter = prefix ? { nameLower: { $regex: `^${containsText(prefix).$regex}` } } : {};
  return Tag.find(filter)
    .sort(prefix ? { nameLower: 1 } : { _id: -1 })
    .limit(ADMIN_AUTOCOMPLETE_LIMIT)
    .lean<TagDoc[]>();
}
