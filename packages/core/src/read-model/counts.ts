/**
 * Counts persisted to MongoDB. Counts live in Redis (list sizes and view counters), where several
 * processes change them atomically; the `flush-counts` job is their one writer to MongoDB, into
 * `entity_counts` (one row per entity, `_id` = '<kind>:<id>'), never into the entity's own document,
 * which the API writes. List sizes can always be recounted from their rows; views cannot, so a
 * rebuild takes them from here.
 */
import mongoose, { Schema } from 'mongoose';
import { dirtyKey, entityKind, readEntities, viewsKey, type EntityKind } from './entities';
import { rmKey, rmRedis } from './store';
import { execAll } from '../redis';

const EntityCountSchema = new Schema(
  {
    _id: { type: String, required: true },
    counts: { type: Schema.Types.Mixed, required: true },
    updateTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'entity_counts' },
);
export const EntityCount = mongoose.model('EntityCount', EntityCountSchema);

const FLUSH_BATCH = 200;

export const flushLockKey = () => rmKey('flush', 'lock');

/**
 * Writes the counts of entities whose counts changed; returns how many rows it wrote. A lock makes
 * it the only writer of `entity_counts` at any moment, whichever process runs it.
 */
export async function flushCounts(): Promise<number> {
  const token = `${process.pid}:${Date.now()}:${Math.random()}`;
  if (!(await rmRedis().set(flushLockKey(), token, 'EX', 120, 'NX'))) return 0;
  try {
    return await flushDirty();
  } finally {
    if ((await rmRedis().get(flushLockKey())) === token) await rmRedis().del(flushLockKey());
  }
}

/**
 * Where a flush keeps the members it took from the dirty set until their rows are written: a
 * flusher killed in between leaves them there, and the next flush writes them first. Taken with a
 * plain SPOP they would be gone, and those entities' views short in MongoDB until they changed again.
 */
export const flushingKey = () => rmKey('flush', 'taking');

/** Moves up to ARGV[1] members of the dirty set (KEYS[1]) into the flushing set (KEYS[2]). */
const TAKE_DIRTY = `
local members = redis.call('SPOP', KEYS[1], ARGV[1])
if #members > 0 then redis.call('SADD', KEYS[2], unpack(members)) end
return members`;

async function flushDirty(): Promise<number> {
  // What a flusher that died mid-batch took: written again (the rows are set, not added to).
  let members = await rmRedis().smembers(flushingKey());
  let written = 0;
  for (;;) {
    if (members.length === 0) {
      members = (await rmRedis().eval(TAKE_DIRTY, 2, dirtyKey(), flushingKey(), FLUSH_BATCH)) as string[];
      if (members.length === 0) return written;
    }
    written += await writeCounts(members);
    await rmRedis().del(flushingKey());
    members = [];
  }
}

/** Writes the current counts of the entities `members` name ('<kind>:<id>') to `entity_counts`. */
async function writeCounts(members: string[]): Promise<number> {
  const byKind = new Map<EntityKind, number[]>();
  for (const member of members) {
    const [name, id] = member.split(':');
    const kind = entityKind(name ?? '');
    if (!kind || !Number(id)) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), Number(id)]);
  }
  let written = 0;
  for (const [kind, ids] of byKind) {
    const docs = await readEntities<Record<string, number>>(kind, ids);
    const now = Date.now();
    const ops = [...docs].map(([id, doc]) => ({
      updateOne: {
        filter: { _id: `${kind.name}:${id}` },
        update: {
          $set: {
            counts: Object.fromEntries(Object.keys(kind.counts).map((field) => [field, doc[field] ?? 0])),
            updateTime: now,
          },
        },
        upsert: true,
      },
    }));
    if (ops.length) await EntityCount.bulkWrite(ops, { ordered: false });
    written += ops.length;
  }
  return written;
}

/** Puts persisted view counters back into Redis (rebuild). */
export async function restoreViewCounters(): Promise<void> {
  const cursor = EntityCount.find({}).lean<{ _id: string; counts: Record<string, number> }[]>().cursor();
  let pipeline = rmRedis().pipeline();
  let queued = 0;
  for await (const row of cursor as AsyncIterable<{ _id: string; counts: Record<string, number> }>) {
    const [name, id] = row._id.split(':');
    const kind = entityKind(name ?? '');
    if (!kind) continue;
    for (const [field, source] of Object.entries(kind.counts)) {
      if ('counter' in source && row.counts[field]) pipeline.hset(viewsKey(kind), id!, row.counts[field]);
    }
    if (++queued % 1000 === 0) {
      await execAll(pipeline);
      pipeline = rmRedis().pipeline();
    }
  }
  await execAll(pipeline);
}
