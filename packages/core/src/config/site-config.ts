import {
  MAIL_SETTINGS_KEY,
  SiteConfigKeys,
  SiteConfigPatchSchema,
  type SiteConfig,
  type SiteConfigPatch,
  Texts,
} from '@forum/contracts';
import type { AuditMeta } from '../audit/admin-action';
import { adminPaging } from '../audit/admin-query';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { dispatchRecorded, newEvent, recordEvents } from '../events';
import { decodeValue, defaultConfigValue, encodeValue } from './codec';
import { SysConfig, type SysConfigRow } from './model';
import { configCache } from './cache';
import { hasKv } from '../kv';
import { bumpStamp } from '../read-model/stamp';
import { invalidatePages } from '../read-model/page-cache';

/** Writes the default value of every key that has no row yet. Safe to run on every start. */
export async function seedSiteConfig(): Promise<void> {
  const existing = new Set((await SysConfig.find({}, { key: 1 }).lean()).map((row) => row.key));
  const now = Date.now();
  for (const key of SiteConfigKeys) {
    if (existing.has(key)) continue;
    const id = await nextId('sys_config');
    await SysConfig.updateOne(
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

/**
 * Upserts one configuration row. Its update records a `config.updated` event in the same write, so
 * the audit trail cannot miss a change.
 */
export async function writeConfigRow(
  key: string,
  value: string,
  actorId: number,
  meta: Pick<AuditMeta, 'ip' | 'userAgent'> = {},
): Promise<void> {
  const now = Date.now();
  const event = newEvent('config.updated', {
    actorId,
    keys: [key],
    ...(meta.ip ? { ip: meta.ip.slice(0, 128) } : {}),
    ...(meta.userAgent ? { userAgent: meta.userAgent.slice(0, 1024) } : {}),
  });
  const existing = await SysConfig.findOne({ key }, { _id: 1 }).lean();
  const id = existing?._id ?? (await nextId('sys_config'));
  await SysConfig.updateOne(
    { key },
    {
      $set: { value, updateTime: now },
      $setOnInsert: { _id: id, name: key, description: '', createTime: now },
      ...recordEvents(event),
    },
    { upsert: true },
  );
  await dispatchRecorded(SysConfig, id, [event]);
}

/**
 * Saves the given keys, each through `writeConfigRow`.
 */
export async function saveSiteConfig(
  actorId: number,
  patch: unknown,
  meta: Pick<AuditMeta, 'ip' | 'userAgent'> = {},
): Promise<SiteConfig> {
  const parsed = SiteConfigPatchSchema.safeParse(patch);
  if (!parsed.success)
    throw new AppError('INVALID_INPUT', Texts.common.configInvalid, { cause: parsed.error });
  const values: SiteConfigPatch = parsed.data;
  for (const key of SiteConfigKeys) {
    if (key in values) await writeConfigRow(key, encodeValue(values[key]), actorId, meta);
  }
  await configCache.invalidate();
  // Answers cached against the read model's stamp, and the web servers' anonymous pages, show
  // config too (site title, render options, which modules exist).
  if (hasKv()) {
    await bumpStamp();
    invalidatePages();
  }
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

/** A stored row as the legacy admin API shows it (`t_sys_config`'s json keys). */
export function legacySysConfigRow(row: SysConfigRow & { _id: number }) {
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
export async function listSysConfigRows(query: { key?: string; page?: number; limit?: number } = {}) {
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
  return { page: { page, limit, total }, results: rows.map(legacySysConfigRow) };
}

/** One stored row by id (legacy GET /api/admin/sys-config/{id}); "Not found, id=N" when missing. */
export async function getSysConfigRow(id: number) {
  const row = Number.isSafeInteger(id)
    ? await SysConfig.findById(id, { outbox: 0 }).lean<SysConfigRow & { _id: number }>()
    : null;
  if (!row) throw new AppError('NOT_FOUND', `Not found, id=${id}`);
  return legacySysConfigRow(row);
}
