import { Texts } from '@forum/contracts';
import { randomUUID } from 'node:crypto';
import { insertWithFreshId } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { AppError } from '../errors';
import { authorize } from '../policies/policy';
import type { RequestContext } from '../request-context';
import { OperateLog, type OperateDataType, type OperateLogRow, type OperateType } from './model';

export interface OperateLogEntry {
  userId: number;
  opType: OperateType;
  dataType: OperateDataType;
  dataId: number;
  description: string;
  ip?: string;
  userAgent?: string;
  referer?: string;
  /** The event or request behind the row; a second write with the same id is ignored. */
  eventId?: string;
  createTime?: number;
}

/** Writes one operation-log row. Returns false when a row for `eventId` already exists. */
export async function writeOperateLog(entry: OperateLogEntry): Promise<boolean> {
  const eventId = entry.eventId ?? randomUUID().replaceAll('-', '');
  // Checking first saves a counter id on replays; the unique index still decides under races.
  if (await OperateLog.exists({ eventId })) return false;
  try {
    await insertWithFreshId('operate_log', OperateLog, (id) =>
      OperateLog.create({
        _id: id,
        userId: entry.userId,
        opType: entry.opType,
        dataType: entry.dataType,
        dataId: entry.dataId,
        description: entry.description,
        ip: entry.ip ?? '',
        userAgent: entry.userAgent ?? '',
        referer: entry.referer ?? '',
        createTime: entry.createTime ?? Date.now(),
        eventId,
      }),
    );
    return true;
  } catch (error) {
    // A concurrent write of the same event won the unique index: its row is there.
    if (isDuplicateKeyError(error) && (await OperateLog.exists({ eventId }))) return false;
    throw error;
  }
}

export interface NumberedPage<T> {
  page: { page: number; limit: number; total: number };
  results: T[];
}

export interface OperateLogQuery {
  page?: number;
  limit?: number;
  userId?: number;
  opType?: string;
  dataType?: string;
  dataId?: number;
}

/**
 * Operation-log rows, newest first, by page number (ids grow with time, so `_id` order is age).
 * The log lives only in MongoDB and is read only by the admin console, so this is a filtered,
 * sorted query, which FerretDB answers by scanning the collection: acceptable for one admin screen,
 * never for a public page.
 */
export async function listOperateLogsForAdmin(
  ctx: RequestContext,
  { page = 1, limit = 20, ...filters }: OperateLogQuery = {},
): Promise<NumberedPage<OperateLogRow>> {
  authorize(ctx.actor, 'listOperateLogsForAdmin');
  const safePage = Math.max(1, Math.floor(page));
  const safeLimit = Math.min(100, Math.max(1, Math.floor(limit)));
  const filter = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  const [results, total] = await Promise.all([
    OperateLog.find(filter)
      .sort({ _id: -1 })
      .skip((safePage - 1) * safeLimit)
      .limit(safeLimit)
      .lean<OperateLogRow[]>(),
    OperateLog.countDocuments(filter),
  ]);
  return { page: { page: safePage, limit: safeLimit, total }, results };
}

/** One row by id (legacy GET /api/admin/operate-log/{id}); "Not found, id=N" when missing. */
export async function getOperateLogForAdmin(ctx: RequestContext, id: number): Promise<OperateLogRow> {
  authorize(ctx.actor, 'getOperateLogForAdmin');
  const row = await OperateLog.findById(id).lean<OperateLogRow>();
  if (!row) throw new AppError('INVALID_INPUT', Texts.admin.notFoundById(id));
  return row;
}

/** One row as the console and the legacy `operate-log` endpoints show it. */
export function presentOperateLog(row: OperateLogRow) {
  return {
    id: row._id,
    userId: row.userId,
    opType: row.opType,
    dataType: row.dataType,
    dataId: row.dataId,
    description: row.description ?? '',
    ip: row.ip ?? '',
    userAgent: row.userAgent ?? '',
    referer: row.referer ?? '',
    createTime: row.createTime,
  };
}
