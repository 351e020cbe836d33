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
import { dispatchRecorded, newEvent, recordEvents } from '../events';
import { hasKv } from '../kv';
import { invalidatePages } from '../read-model/page-cache';
import { bumpStamp } from '../read-model/stamp';
import type { RequestContext } from '../request-context';
import { configCache } from './cache';
import { encodeValue } from './codec';
import { SysConfig } from './model';
import { getSiteConfig } from './site-config';

/**
 * Upserts one configuration row. Its update records a `config.updated` event in the same write, so
 * the audit trail cannot miss a change.
 */
export async function writeConfigRow(
  ctx: RequestContext,
  { key, value }: { key: string; value: string },
): Promise<void> {
  const now = Date.now();
  const event = newEvent('config.updated', {
    // A save nobody signed in for (a script, a test) is recorded as actor 0.
    actorId: ctx.actor?._id ?? 0,
    keys: [key],
    ...(ctx.ip ? { ip: ctx.ip.slice(0, 128) } : {}),
    ...(ctx.userAgent ? { userAgent: ctx.userAgent.slice(0, 1024) } : {}),
  });
  const existing = await SysConfig.findOne({ key }, { _id: 1 }).lean();
  const upsert = (id: number) =>
    SysConfig.updateOne(
      { key },
      {
        $set: { value, updateTime: now },
        $setOnInsert: { _id: id, name: key, description: '', createTime: now },
        ...recordEvents(event),
      },
      { upsert: true },
    );
  // Seeded rows exist for every key; a missing one takes a fresh id (past any row another wrote).
  let id = existing?._id;
  if (id !== undefined) await upsert(id);
  else
    id = await insertWithFreshId('sys_config', SysConfig, async (fresh) => {
      await upsert(fresh);
      return fresh;
    });
  await dispatchRecorded(SysConfig, id, [event]);
}

/**
 * Saves the given keys, each through `writeConfigRow`. Who may save is the transport's guard
 * (owner only). The patch is parsed here, not only by the transports: the legacy form and the
 * scripts and tests that call this directly all get 配置数据格式错误 for a bad value, before
 * anything is written.
 */
export async function saveSiteConfig(ctx: RequestContext, patch: unknown): Promise<SiteConfig> {
  const parsed = SiteConfigPatchSchema.safeParse(patch);
  if (!parsed.success)
    throw new AppError('INVALID_INPUT', Texts.common.configInvalid, { cause: parsed.error });
  const values: SiteConfigPatch = parsed.data;
  for (const key of SiteConfigKeys) {
    if (key in values) await writeConfigRow(ctx, { key, value: encodeValue(values[key]) });
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
