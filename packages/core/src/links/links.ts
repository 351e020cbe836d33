/** Friend links: admins manage them; everyone reads the shown ones, oldest first. */
import {
  LINK_PAGE_SIZE,
  LinkDraftSchema,
  LinkStatus,
  TOP_LINKS_MAX,
  type LinkDraft,
  type LinkDraftInput,
} from '@forum/contracts';
import { logAdminAction, type AuditMeta } from '../audit/admin-action';
import { adminPaging, containsText } from '../audit/admin-query';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { Link, type LinkDoc } from './model';
import { linkLists, projectLink, readLink, readLinks } from '../read-model/links';
import { pageByNumber } from '../read-model/lists';

function parseDraft(input: LinkDraftInput): LinkDraft {
  const parsed = LinkDraftSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message, { cause: parsed.error });
  }
  return parsed.data;
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export async function createLink(
  actor: UserDoc | null | undefined,
  input: LinkDraftInput,
  meta: AuditMeta = {},
): Promise<LinkDoc> {
  const user = authorize(actor, 'moderate');
  const draft = parseDraft(input);
  const created = await Link.create({ _id: await nextId('link'), ...draft, createTime: Date.now() });
  const link = created.toObject() as LinkDoc;
  await projectLink(link);
  await logAdminAction(
    user,
    { opType: 'create', dataType: 'link', dataId: link._id, description: `创建友情链接：${link.title}` },
    meta,
  );
  return link;
}

export async function updateLink(
  actor: UserDoc | null | undefined,
  linkId: number,
  input: LinkDraftInput,
  meta: AuditMeta = {},
): Promise<LinkDoc> {
  const user = authorize(actor, 'moderate');
  const draft = parseDraft(input);
  const updated = validId(linkId)
    ? await Link.findOneAndUpdate(
        { _id: linkId },
        { $set: draft },
        { returnDocument: 'after' },
      ).lean<LinkDoc>()
    : null;
  if (!updated) throw new AppError('NOT_FOUND');
  await projectLink(updated);
  await logAdminAction(
    user,
    { opType: 'update', dataType: 'link', dataId: linkId, description: `修改友情链接：${updated.title}` },
    meta,
  );
  return updated;
}

/**
 * Puts the given links in this order (the console's ordering): the first gets `sortNo` 0, the
 * next 1, …. Unknown ids are refused before anything is written.
 */
export async function reorderLinks(
  actor: UserDoc | null | undefined,
  ids: number[],
  meta: AuditMeta = {},
): Promise<void> {
  const user = authorize(actor, 'moderate');
  const links = await Promise.all(ids.map((id) => (validId(id) ? Link.findById(id).lean<LinkDoc>() : null)));
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
  await logAdminAction(
    user,
    { opType: 'update', dataType: 'link', dataId: 0, description: `调整友情链接顺序：${ids.join(',')}` },
    meta,
  );
}

/** A shown link (legacy GET /api/link/{id}); hidden or missing ones are "数据不存在". */
export async function getLink(linkId: number): Promise<LinkDoc> {
  const link = validId(linkId) ? await readLink(linkId) : null;
  if (!link || link.status !== LinkStatus.Ok) throw new AppError('NOT_FOUND');
  return link;
}

/** Any link, hidden ones too, for the admin. */
export async function getLinkForAdmin(actor: UserDoc | null | undefined, linkId: number): Promise<LinkDoc> {
  authorize(actor, 'moderate');
  const link = validId(linkId) ? await Link.findById(linkId).lean<LinkDoc>() : null;
  if (!link) throw new AppError('NOT_FOUND');
  return link;
}

export interface LinkPageResult {
  page: { page: number; limit: number; total: number };
  results: LinkDoc[];
}

/** Shown links, oldest first, by page number (legacy GET /api/link/links: 20 a page). */
export async function listLinks(page = 1): Promise<LinkPageResult> {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const { ids, total } = await pageByNumber(linkLists.shown(), safePage, LINK_PAGE_SIZE, true);
  return { page: { page: safePage, limit: LINK_PAGE_SIZE, total }, results: await readLinks(ids) };
}

/** The first ten shown links (legacy GET /api/link/toplinks), for the sidebar. */
export async function listTopLinks(): Promise<LinkDoc[]> {
  return readLinks((await pageByNumber(linkLists.shown(), 1, TOP_LINKS_MAX, true)).ids);
}

export interface AdminLinkQuery {
  status?: number;
  /** Contained in the title, case-insensitively. */
  title?: string;
  /** Contained in the address, case-insensitively. */
  url?: string;
  page?: number;
  limit?: number;
}

/**
 * Every link for the admin (legacy ANY /api/admin/link/list), in display order. An admin filter, so it
 * queries MongoDB: the text filters scan the rows of the status chosen; a site has tens of links.
 */
export async function listLinksForAdmin(
  actor: UserDoc | null | undefined,
  query: AdminLinkQuery = {},
): Promise<LinkPageResult> {
  authorize(actor, 'moderate');
  const { page, limit, skip } = adminPaging(query, LINK_PAGE_SIZE);
  const filter: Record<string, unknown> = {};
  if (query.status !== undefined) filter.status = query.status;
  if (query.title) filter.title = containsText(query.title);
  if (query.url) filter.url = containsText(query.url);
  const [results, total] = await Promise.all([
    Link.find(filter).sort({ sortNo: 1, _id: 1 }).skip(skip).limit(limit).lean<LinkDoc[]>(),
    Link.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}
