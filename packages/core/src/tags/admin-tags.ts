/** The owner's tag management (legacy /api/admin/tag/...): create, edit, hide, list, look up. */
import { TagDraftSchema, type TagDraftInput, Texts } from '@forum/contracts';
import { logAdminAction, type AuditMeta } from '../audit/admin-action';
import { adminPaging, containsText } from '../audit/admin-query';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { forgetTagName, projectTag, readTags, tagIdsByName } from '../read-model/tags';
import { Tag, type TagDoc } from './model';

const ADMIN_AUTOCOMPLETE_LIMIT = 10;

function parseDraft(input: TagDraftInput) {
  const parsed = TagDraftSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message, { cause: parsed.error });
  }
  return parsed.data;
}

const nameTaken = (name: string) => new AppError('CONFLICT', Texts.tags.nameTaken(name));

/**
 * The id of the tag with this (lower-cased) name, from the read model's name index, which holds
 * every tag, hidden ones too. Asked before writing: FerretDB reports a unique violation on an
 * update as a generic error, not as a duplicate key.
 */
async function tagIdNamed(lower: string): Promise<number | undefined> {
  return (await tagIdsByName([lower])).get(lower);
}

export async function createTag(actor: UserDoc, input: TagDraftInput, meta: AuditMeta = {}): Promise<TagDoc> {
  authorize(actor, 'administer');
  // bbs-go forced new tags to be shown.
  const draft = { ...parseDraft(input), status: 0 };
  const nameLower = draft.name.toLowerCase();
  if ((await tagIdNamed(nameLower)) !== undefined) throw nameTaken(draft.name);
  const now = Date.now();
  let tag: TagDoc;
  try {
    const created = await Tag.create({
      _id: await nextId('tag'),
      ...draft,
      nameLower,
      createTime: now,
      updateTime: now,
    });
    tag = created.toObject() as TagDoc;
  } catch (error) {
    if (isDuplicateKeyError(error)) throw nameTaken(draft.name);
    throw error;
  }
  await projectTag(tag);
  await logAdminAction(
    actor,
    { opType: 'create', dataType: 'tag', dataId: tag._id, description: `创建标签：${tag.name}` },
    meta,
  );
  return tag;
}

export async function updateTag(
  actor: UserDoc,
  id: number,
  input: TagDraftInput,
  meta: AuditMeta = {},
): Promise<TagDoc> {
  authorize(actor, 'administer');
  const draft = parseDraft(input);
  const before = await getTagForAdmin(actor, id);
  const nameLower = draft.name.toLowerCase();
  const holder = await tagIdNamed(nameLower);
  if (holder !== undefined && holder !== id) throw nameTaken(draft.name);
  const tag = await Tag.findOneAndUpdate(
    { _id: id },
    { $set: { ...draft, nameLower, updateTime: Date.now() } },
    { returnDocument: 'after' },
  ).lean<TagDoc>();
  if (!tag) throw new AppError('NOT_FOUND', Texts.tags.missing);
  if (before.nameLower !== nameLower) await forgetTagName(before.nameLower, id);
  await projectTag(tag);
  await logAdminAction(
    actor,
    { opType: 'update', dataType: 'tag', dataId: id, description: `修改标签：${tag.name}` },
    meta,
  );
  return tag;
}

/** Any tag by id, hidden ones too; "标签不存在" when there is none. */
export async function getTagForAdmin(actor: UserDoc, id: number): Promise<TagDoc> {
  authorize(actor, 'moderate');
  const tag = Number.isSafeInteger(id) && id > 0 ? (await readTags([id])).get(id) : undefined;
  if (!tag) throw new AppError('NOT_FOUND', Texts.tags.missing);
  return tag;
}

export interface AdminTagQuery {
  id?: number;
  /** Contained in the name, case-insensitively. */
  name?: string;
  status?: number;
  page?: number;
  limit?: number;
}

/** Every tag for the admin, newest first (legacy ANY /api/admin/tag/list); an admin filter on MongoDB. */
export async function listTagsForAdmin(actor: UserDoc, query: AdminTagQuery = {}) {
  authorize(actor, 'moderate');
  const { page, limit, skip } = adminPaging(query);
  const filter: Record<string, unknown> = {};
  if (query.id !== undefined) filter._id = query.id;
  if (query.name) filter.nameLower = containsText(query.name.toLowerCase());
  if (query.status !== undefined) filter.status = query.status;
  const [results, total] = await Promise.all([
    Tag.find(filter).sort({ _id: -1 }).skip(skip).limit(limit).lean<TagDoc[]>(),
    Tag.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}

/**
 * Tags whose name starts with `keyword`, any status (legacy GET /api/admin/tag/autocomplete); a
 * blank keyword gives the ten newest.
 */
export async function autocompleteTagsForAdmin(actor: UserDoc, keyword: string): Promise<TagDoc[]> {
  authorize(actor, 'moderate');
  const prefix = keyword.replace(/\0/g, '').trim().toLowerCase();
  const filter = prefix ? { nameLower: { $regex: `^${containsText(prefix).$regex}` } } : {};
  return Tag.find(filter)
    .sort(prefix ? { nameLower: 1 } : { _id: -1 })
    .limit(ADMIN_AUTOCOMPLETE_LIMIT)
    .lean<TagDoc[]>();
}
