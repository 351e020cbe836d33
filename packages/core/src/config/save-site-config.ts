import { Texts } from '@forum/contracts';
/** The owner's save of the site configuration, one `sys_config` row per key. */
import {
  SiteConfigKeys,
  SiteConfigPatchSchema,
  type SiteConfig,
  type SiteConfigPatch,
} from '@forum/contracts';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { newEvent } from '../events/outbox';
import { updateWithEvents } from '../events/update-with-events';
import { hasKv } from '../kv';
import { invalidatePages } from '../read-model/page-cache';
import { bumpStamp } from '../read-model/stamp';
import type { RequestContext } from '../request-context';
import { configCache } from './cache';
import { encodeValue } from './codec';
import { SysConfig } from './model';
import { getSiteConfig } from './site-config';

/** A stored value as the operation log shows it: at most LOGGED_VALUE_CHARS characters. */
const LOGGED_VALUE_CHARS = 80;
function loggedValue(value: string): string {
  const chars = [...value];
  return chars.length <= LOGGED_VALUE_CHARS ? value : `${chars.slice(0, LOGGED_VALUE_CHARS - 1).join('')}…`;
}

/**
 * Upserts one configuration row. Its update records a `config.updated` event in the same write, so
 * the audit trail cannot miss a change; with `previous` (a site setting, never a secret) the event
 * carries the value before and after for the operation log.
 */
export async function writeConfigRow(
  ctx: RequestContext,
  { key, value }: { key: string; value: string },
  previous?: string,
): Promise<void> {
  const now = Date.now();
  const event = newEvent('config.updated', {
    // A save nobody signed in for (a script, a test) is recorded as actor 0.
    actorId: ctx.actor?._id ?? 0,
    keys: [key],
    ...(previous !== undefined
      ? { changes: [{ key, from: loggedValue(previous), to: loggedValue(value) }] }
      : {}),
    ...(ctx.ip ? { ip: ctx.ip.slice(0, 128) } : {}),
    ...(ctx.userAgent ? { userAgent: ctx.userAgent.slice(0, 1024) } : {}),
  });
  const write = (id: number) =>
    updateWithEvents(
      SysConfig,
      { _id: id, key },
      {
        $set: { value, updateTime: now },
        $setOnInsert: { name: key, description: '', createTime: now },
      },
      [event],
      { upsert: true },
    );
  for (;;) {
    const existing = await SysConfig.findOne({ key }, { _id: 1 }).lean();
    try {
      // Seeded rows exist for every key; a missing one takes a fresh id (past any row another wrote).
      if (existing) await write(existing._id);
      else await insertWithFreshId('sys_config', SysConfig, write);
      return;
    } catch (error) {
      // Another save created the key's row first: this value goes to that row.
      if (existing || !isDuplicateKeyError(error) || !(await SysConfig.exists({ key }))) throw error;
    }
  }
}

/**
 * Saves the given keys that changed, each through `writeConfigRow` (a tab of the console sends all
 * of its keys; one changed setting is one row and one line of the operation log, with its old and
 * new value, not one per key sent). Who may save is the transport's guard
 * (owner only). The patch is parsed here, not only by the transports: the legacy form and the
 * scripts and tests that call this directly all get 配置数据格式错误 for a bad value, before
 * anything is written.
 */
export async function saveSiteConfig(ctx: RequestContext, patch: unknown): Promise<SiteConfig> {
  const parsed = SiteConfigPatchSchema.safeParse(patch);
  if (!parsed.success)
    throw new AppError('INVALID_INPUT', Texts.common.configInvalid, { cause: parsed.error });
  const values: SiteConfigPatch = parsed.data;
  const keys = SiteConfigKeys.filter((key) => key in values);
  // The stored rows, not this process's cache: a value another process saved a moment ago must
  // not make this save look like no change. One read of the few rows (owner-only, rare).
  const rows = await SysConfig.find({ key: { $in: keys } }, { key: 1, value: 1 }).lean();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  for (const key of keys) {
    const value = encodeValue(values[key]);
    const previous = stored.get(key);
    if (value !== previous) await writeConfigRow(ctx, { key, value }, previous ?? '');
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
