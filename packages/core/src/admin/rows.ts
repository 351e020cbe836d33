/**
 * Raw rows of tables the console has no screen for (legacy §2.2 "raw CRUD"): favourites and
 * third-party sign-in accounts, as `t_favorite` and `t_third_account` rows. Lists are filtered
 * MongoDB queries (admin only). Favourites are written through the favourite service, so the read
 * model keeps up; a third-party account has no projection and is written as it is.
 */
import { Texts } from '@forum/contracts';
import { writeOperateLog } from '../audit/operate-log';
import { adminPaging } from '../audit/admin-query';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import { addFavorite, removeFavorite } from '../favorites/favorite';
import { Favorite, type FavoriteDoc } from '../favorites/model';
import type { RequestContext } from '../request-context';
import { ThirdAccount, type ThirdAccountDoc } from '../oauth/model';
import { favoriteIdOf } from '../read-model/favorites';
import { readUser } from '../read-model/users';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';

const notFound = (id: number) => new AppError('INVALID_INPUT', `Not found, id=${id}`);

interface RowPage {
  page?: number;
  limit?: number;
}

/** Exact filters: only the ones given. */
function eqFilter(filters: Record<string, string | number | undefined>) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

async function pageOf<Row, Out>(
  model: { find: typeof Favorite.find; countDocuments: typeof Favorite.countDocuments },
  filter: Record<string, unknown>,
  query: RowPage,
  present: (row: Row) => Out,
) {
  const { page, limit, skip } = adminPaging(query);
  const [rows, total] = await Promise.all([
    model.find(filter, { outbox: 0 }).sort({ _id: -1 }).skip(skip).limit(limit).lean<Row[]>(),
    model.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results: rows.map(present) };
}

async function userOrRefuse(userId: number | undefined): Promise<UserDoc> {
  const user = userId ? await readUser(userId) : null;
  if (!user) throw new AppError('INVALID_INPUT', Texts.users.missing);
  return user;
}

// Favourites

export function legacyFavoriteRow(row: FavoriteDoc) {
  return {
    id: row._id,
    userId: row.userId,
    entityType: row.entityType,
    entityId: row.entityId,
    createTime: row.createTime,
  };
}

export async function getFavoriteRow(actor: UserDoc | null | undefined, id: number) {
  authorize(actor, 'moderate');
  const row = await Favorite.findById(id, { outbox: 0 }).lean<FavoriteDoc>();
  if (!row) throw notFound(id);
  return legacyFavoriteRow(row);
}

export function listFavoriteRows(
  actor: UserDoc | null | undefined,
  query: RowPage & { userId?: number; entityType?: string; entityId?: number },
) {
  authorize(actor, 'moderate');
  const filter = eqFilter({ userId: query.userId, entityType: query.entityType, entityId: query.entityId });
  return pageOf(Favorite as never, filter, query, legacyFavoriteRow);
}

export interface FavoriteRowInput {
  userId?: number;
  entityType: string;
  entityId: number;
}

async function favoriteFor(
  actor: UserDoc,
  input: FavoriteRowInput,
  ctx: RequestContext,
  description: string,
) {
  const user = await userOrRefuse(input.userId);
  // Recorded as the user's own favourite, from the admin's request.
  await addFavorite({ ...ctx, actor: user }, input.entityType, input.entityId);
  const id = await favoriteIdOf(user._id, input.entityType, input.entityId);
  const row = id ? await Favorite.findById(id, { outbox: 0 }).lean<FavoriteDoc>() : null;
  if (!row) throw new AppError('INVALID_INPUT', Texts.common.invalidParam);
  await writeOperateLog({
    userId: actor._id,
    opType: 'create',
    dataType: 'favorite',
    dataId: row._id,
    description,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
  });
  return legacyFavoriteRow(row);
}

/** A favourite for a user, as that user would add it (a second one is the same row). */
export async function createFavoriteRow(ctx: RequestContext, input: FavoriteRowInput) {
  return favoriteFor(authorize(ctx.actor, 'moderate'), input, ctx, '管理员添加收藏');
}

/**
 * Points a favourite at another user or entity. The row is replaced (new id), so every list of the
 * read model follows: a favourite is one user's mark on one entity, not a record to edit in place.
 */
export async function updateFavoriteRow(ctx: RequestContext, id: number, input: Partial<FavoriteRowInput>) {
  const user = authorize(ctx.actor, 'moderate');
  const row = await Favorite.findById(id, { outbox: 0 }).lean<FavoriteDoc>();
  if (!row) throw new AppError('INVALID_INPUT', 'entity not found');
  const next = {
    userId: input.userId ?? row.userId,
    entityType: input.entityType ?? row.entityType,
    entityId: input.entityId ?? row.entityId,
  };
  if (next.userId === row.userId && next.entityType === row.entityType && next.entityId === row.entityId) {
    return legacyFavoriteRow(row);
  }
  const created = await favoriteFor(user, next, ctx, `管理员修改收藏（原记录 ${row._id}）`);
  await removeFavorite({ ...ctx, actor: await readUser(row.userId) }, row.entityType, row.entityId);
  return created;
}

// Third-party accounts (`thirdType` / `thirdId` are the legacy names of provider and its user id)

export function legacyThirdAccountRow(row: ThirdAccountDoc) {
  return {
    id: row._id,
    // A Go sql.NullInt64, as bbs-go serialised the nullable column (§2.1).
    userId: { Int64: row.userId, Valid: row.userId > 0 },
    avatar: row.avatar ?? '',
    nickname: row.nickname ?? '',
    thirdType: row.provider,
    thirdId: row.providerUserId,
    extraData: row.extraData ?? '',
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

export async function getThirdAccountRow(actor: UserDoc | null | undefined, id: number) {
  authorize(actor, 'moderate');
  const row = await ThirdAccount.findById(id).lean<ThirdAccountDoc>();
  if (!row) throw notFound(id);
  return legacyThirdAccountRow(row);
}

export function listThirdAccountRows(
  actor: UserDoc | null | undefined,
  query: RowPage & { userId?: number; thirdType?: string; thirdId?: string },
) {
  authorize(actor, 'moderate');
  const filter = eqFilter({ userId: query.userId, provider: query.thirdType, providerUserId: query.thirdId });
  return pageOf(ThirdAccount as never, filter, query, legacyThirdAccountRow);
}

export interface ThirdAccountRowInput {
  userId?: number;
  avatar?: string;
  nickname?: string;
  thirdType?: string;
  thirdId?: string;
  extraData?: string;
}

function accountFields(input: ThirdAccountRowInput, current?: ThirdAccountDoc) {
  const fields = {
    userId: input.userId ?? current?.userId ?? 0,
    provider: (input.thirdType ?? current?.provider ?? '').trim().slice(0, 300),
    providerUserId: (input.thirdId ?? current?.providerUserId ?? '').trim().slice(0, 256),
    avatar: (input.avatar ?? current?.avatar ?? '').slice(0, 1024),
    nickname: (input.nickname ?? current?.nickname ?? '').slice(0, 64),
    extraData: (input.extraData ?? current?.extraData ?? '').slice(0, 64 * 1024),
  };
  if (!fields.provider || !fields.providerUserId)
    throw new AppError('INVALID_INPUT', Texts.common.invalidParam);
  return fields;
}

/** A linked account already held by this identity, or this user already has one at the provider. */
const accountTaken = () => new AppError('CONFLICT', Texts.users.thirdPartyAccountTaken);

async function logAccount(actor: UserDoc, opType: 'create' | 'update', id: number, ctx: RequestContext) {
  await writeOperateLog({
    userId: actor._id,
    opType,
    dataType: 'third_account',
    dataId: id,
    description: opType === 'create' ? '管理员添加第三方账号' : '管理员修改第三方账号',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
  });
}

export async function createThirdAccountRow(ctx: RequestContext, input: ThirdAccountRowInput) {
  const user = authorize(ctx.actor, 'moderate');
  const fields = accountFields(input);
  await userOrRefuse(fields.userId);
  const now = Date.now();
  const id = await nextId('third_account');
  try {
    await ThirdAccount.create({ _id: id, ...fields, createTime: now, updateTime: now });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw accountTaken();
    throw error;
  }
  await logAccount(user, 'create', id, ctx);
  return getThirdAccountRow(user, id);
}

export async function updateThirdAccountRow(ctx: RequestContext, id: number, input: ThirdAccountRowInput) {
  const user = authorize(ctx.actor, 'moderate');
  const current = await ThirdAccount.findById(id).lean<ThirdAccountDoc>();
  if (!current) throw new AppError('INVALID_INPUT', 'entity not found');
  const fields = accountFields(input, current);
  await userOrRefuse(fields.userId);
  // FerretDB reports a unique violation on an update as a generic error: check first.
  const holder = await ThirdAccount.findOne(
    {
      $or: [
        { provider: fields.provider, providerUserId: fields.providerUserId },
        { userId: fields.userId, provider: fields.provider },
      ],
    },
    { _id: 1 },
  ).lean();
  if (holder && holder._id !== id) throw accountTaken();
  await ThirdAccount.updateOne({ _id: id }, { $set: { ...fields, updateTime: Date.now() } });
  await logAccount(user, 'update', id, ctx);
  return getThirdAccountRow(user, id);
}
