/**
 * Raw rows of tables the console has no screen for (docs/legacy-api.md §2.2 "raw CRUD"): favourites and
 * third-party sign-in accounts. Lists are filtered MongoDB queries (admin only). Favourites are
 * written through the favourite service, so the read model keeps up; a third-party account has no
 * projection and is written as it is.
 */
import { Texts } from '@forum/contracts';
import { adminPaging } from '../audit/admin-query';
import { AppError } from '../errors';
import { Favorite, type FavoriteDoc } from '../favorites/model';
import { ThirdAccount, type ThirdAccountDoc } from '../oauth/model';
import { authorize, type AdminRead } from '../policies';
import type { RequestContext } from '../request-context';

const notFound = (id: number) => new AppError('INVALID_INPUT', Texts.admin.notFoundById(id));

interface RowPage {
  page?: number;
  limit?: number;
}

type RowModel = Pick<typeof Favorite, 'findById' | 'find' | 'countDocuments'>;

/** One row for a moderator; "Not found, id=…" when there is none. */
async function rowById<Row, Out>(
  ctx: RequestContext,
  read: AdminRead,
  model: RowModel,
  id: number,
  present: (row: Row) => Out,
): Promise<Out> {
  authorize(ctx.actor, read);
  const row = await model.findById(id, { outbox: 0 }).lean<Row>();
  if (!row) throw notFound(id);
  return present(row);
}

/** A page of rows for a moderator, newest first, matching exactly the filters given. */
async function rowPage<Row, Out>(
  ctx: RequestContext,
  read: AdminRead,
  model: RowModel,
  filters: Record<string, string | number | undefined>,
  query: RowPage,
  present: (row: Row) => Out,
) {
  authorize(ctx.actor, read);
  const filter = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  const { page, limit, skip } = adminPaging(query);
  const [rows, total] = await Promise.all([
    model.find(filter, { outbox: 0 }).sort({ _id: -1 }).skip(skip).limit(limit).lean<Row[]>(),
    model.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results: rows.map(present) };
}

// Favourites

/** A favourite row as moderators read it. */
export interface FavoriteRow {
  id: number;
  userId: number;
  entityType: string;
  entityId: number;
  createTime: number;
}

export function presentFavoriteRow(row: FavoriteDoc): FavoriteRow {
  return {
    id: row._id,
    userId: row.userId,
    entityType: row.entityType,
    entityId: row.entityId,
    createTime: row.createTime,
  };
}

export function getFavoriteRowForAdmin(ctx: RequestContext, id: number) {
  return rowById(ctx, 'getFavoriteRowForAdmin', Favorite, id, presentFavoriteRow);
}

export function listFavoriteRowsForAdmin(
  ctx: RequestContext,
  query: RowPage & { userId?: number; entityType?: string; entityId?: number },
) {
  const filters = { userId: query.userId, entityType: query.entityType, entityId: query.entityId };
  return rowPage(ctx, 'listFavoriteRowsForAdmin', Favorite, filters, query, presentFavoriteRow);
}

export interface FavoriteRowInput {
  userId?: number;
  entityType: string;
  entityId: number;
}

// Third-party accounts (`thirdType` / `thirdId` are the legacy names of provider and its user id)

/** A third-party account row as moderators read it (0: linked to no user). */
export interface ThirdAccountRow {
  id: number;
  userId: number;
  avatar: string;
  nickname: string;
  provider: string;
  providerUserId: string;
  extraData: string;
  createTime: number;
  updateTime: number;
}

export function presentThirdAccountRow(row: ThirdAccountDoc): ThirdAccountRow {
  return {
    id: row._id,
    userId: row.userId,
    avatar: row.avatar ?? '',
    nickname: row.nickname ?? '',
    provider: row.provider,
    providerUserId: row.providerUserId,
    extraData: row.extraData ?? '',
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

export function getThirdAccountRowForAdmin(ctx: RequestContext, id: number) {
  return rowById(ctx, 'getThirdAccountRowForAdmin', ThirdAccount as never, id, presentThirdAccountRow);
}

export function listThirdAccountRowsForAdmin(
  ctx: RequestContext,
  query: RowPage & { userId?: number; thirdType?: string; thirdId?: string },
) {
  const filters = { userId: query.userId, provider: query.thirdType, providerUserId: query.thirdId };
  return rowPage(
    ctx,
    'listThirdAccountRowsForAdmin',
    ThirdAccount as never,
    filters,
    query,
    presentThirdAccountRow,
  );
}

export interface ThirdAccountRowInput {
  userId?: number;
  avatar?: string;
  nickname?: string;
  thirdType?: string;
  thirdId?: string;
  extraData?: string;
}
