import { MAIL_SETTINGS_KEY, SiteConfigKeys, type SiteConfig, Texts } from '@forum/contracts';
import { adminPaging } from '../audit/admin-query';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
// The policy itself, not `../policies`, whose posting rules read this file.
import { authorize } from '../policies/policy';
import type { RequestContext } from '../request-context';
import { decodeValue, defaultConfigValue, encodeValue } from './codec';
import { SysConfig, type SysConfigRow } from './model';
import { configCache } from './cache';

/** Writes the default value of every key that has no row yet. Safe to run on every start. */
export async function seedSiteConfig(): Promise<void> {
  const existing = new Set((await SysConfig.find({}, { key: 1 }).lean()).map((row) => row.key));
  const now = Date.now();
  for (const key of SiteConfigKeys) {
    if (existing.has(key)) continue;
    await insertWithFreshId('sys_config', SysConfig, (id) =>
      SysConfig.updateOne(
        { key },
        {
          $setOnInsert: {
            _id: id,
            key,
            value: encodeValue(defaultConfigValue(key)),
            name: key,
            description: '',
            createTime: now,
            updateTime: now,
          },
        },
        { upsert: true },
      ),
    );
  }
}

async function loadSiteConfig(): Promise<SiteConfig> {
  const rows = await SysConfig.find({ key: { $in: SiteConfigKeys } }, { key: 1, value: 1 }).lean();
  const byKey = new Map(rows.map((row) => [row.key, row.value ?? '']));
  const config = {} as Record<string, unknown>;
  for (const key of SiteConfigKeys) config[key] = decodeValue(key, byKey.get(key));
  return config as SiteConfig;
}

/** The public site configuration, cached per process and invalidated on every save. */
export async function getSiteConfig(): Promise<SiteConfig> {
  return configCache.get(loadSiteConfig);
}

/** The whole configuration for the owner's 系统设置 (legacy GET /api/admin/sys-config/all). */
export async function getSiteConfigForAdmin(ctx: RequestContext): Promise<SiteConfig> {
  authorize(ctx.actor, 'getSiteConfigForAdmin');
  return getSiteConfig();
}

/** The mail settings' value without their password, of which only whether one is saved. */
function redactMailSettingsValue(value: string): string {
  try {
    const { password, ...rest } = JSON.parse(value) as { password?: string };
    return JSON.stringify({ ...rest, passwordSet: !!password });
  } catch {
    return '';
  }
}

/** A stored setting as the owner reads it, the mail password left out. */
export interface SysConfigRowItem {
  id: number;
  key: string;
  value: string;
  name: string;
  description: string;
  createTime: number;
  updateTime: number;
}

export function presentSysConfigRow(row: SysConfigRow & { _id: number }): SysConfigRowItem {
  return {
    id: row._id,
    key: row.key,
    // The SMTP password never leaves the server, not even to the owner.
    value: row.key === MAIL_SETTINGS_KEY ? redactMailSettingsValue(row.value ?? '') : (row.value ?? ''),
    name: row.name ?? '',
    description: row.description ?? '',
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}

/** The stored rows, by id, for the owner (legacy ANY /api/admin/sys-config/list); `key` is exact. */
export async function listSysConfigRowsForAdmin(
  ctx: RequestContext,
  query: { key?: string; page?: number; limit?: number } = {},
) {
  authorize(ctx.actor, 'listSysConfigRowsForAdmin');
  const { page, limit, skip } = adminPaging(query);
  const filter = query.key ? { key: query.key } : {};
  const [rows, total] = await Promise.all([
    SysConfig.find(filter, { outbox: 0 })
      .sort({ _id: 1 })
      .skip(skip)
      .limit(limit)
      .lean<(SysConfigRow & { _id: number })[]>(),
    SysConfig.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results: rows.map(presentSysConfigRow) };
}

/** One stored row by id (legacy GET /api/admin/sys-config/{id}); "Not found, id=N" when missing. */
export async function getSysConfigRowForAdmin(ctx: RequestContext, id: number) {
  authorize(ctx.actor, 'getSysConfigRowForAdmin');
  const row = Number.isSafeInteger(id)
    ? await SysConfig.findById(id, { outbox: 0 }).lean<SysConfigRow & { _id: number }>()
    : null;
  if (!row) throw new AppError('NOT_FOUND', Texts.admin.notFoundById(id));
  return presentSysConfigRow(row);
}
