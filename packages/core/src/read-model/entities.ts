/**
 * Entities by id: the stored fields of each document as JSON under `rm:e:<kind>:<id>`, read in one
 * round trip for a page, with the counts that several processes change read beside them (sizes of
 * lists, view counters) and laid over the document. A miss falls back to `findById` and fills the
 * cache only if nobody filled it meanwhile (SET NX), so a reader never overwrites a projector's
 * newer copy with the older document it loaded.
 */
import type { Model } from 'mongoose';
import { invalidatePages } from './page-cache';
import { bumpStampIn } from './stamp';
import { rmKey, rmRedis } from './store';

/** Where one count of an entity comes from. */
export type CountSource =
  /** The size of a list (a like, comment, fan … list): exact by construction. */
  | { list: (id: number) => string }
  /** A counter that only goes up (views), in the hash `rm:views:<kind>`. */
  | { counter: true }
  /** The entity's score in a sorted set kept by its one writer (a user's points in `rm:scores`). */
  | { scoreIn: () => string };

export interface EntityKind {
  /** The kind's name in keys: 'topic', 'comment', 'user', … */
  name: string;
  model: Model<never>;
  /** Fields never cached (private or bulky: outbox, ip, password hash). */
  hidden: readonly string[];
  /** Count fields laid over the document when it is read. */
  counts: Record<string, CountSource>;
  /** Replaces secrets that only need to be known to exist (a password hash becomes a marker). */
  mask?(doc: Record<string, unknown>): void;
}

const kinds = new Map<string, EntityKind>();

export function defineEntityKind(kind: EntityKind): EntityKind {
  kinds.set(kind.name, kind);
  return kind;
}

export function entityKind(name: string): EntityKind | undefined {
  return kinds.get(name);
}

export function entityKinds(): EntityKind[] {
  return [...kinds.values()];
}

export const docKey = (kind: EntityKind, id: number) => rmKey('e', kind.name, id);
export const viewsKey = (kind: EntityKind) => rmKey('views', kind.name);

/** A missing document is remembered briefly, so a burst of requests for it scans once. */
const MISSING = '0';
const MISSING_TTL_SECONDS = 30;

function stripped(kind: EntityKind, doc: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...doc };
  for (const field of kind.hidden) delete copy[field];
  for (const field of Object.keys(kind.counts)) delete copy[field];
  kind.mask?.(copy);
  return copy;
}

/** Stores the current document (a projector's write: it always wins). */
export async function cacheDoc(kind: EntityKind, doc: { _id: number }): Promise<void> {
  await bumpStampIn(
    rmRedis()
      .multi()
      .set(docKey(kind, doc._id), JSON.stringify(stripped(kind, doc as never))),
  ).exec();
  invalidatePages();
}

export async function dropDoc(kind: EntityKind, id: number): Promise<void> {
  await bumpStampIn(rmRedis().multi().del(docKey(kind, id))).exec();
  invalidatePages();
}

async function loadMissing(kind: EntityKind, id: number): Promise<Record<string, unknown> | null> {
  const projection = Object.fromEntries(kind.hidden.map((field) => [field, 0]));
  const doc = await kind.model.findById(id, projection).lean<Record<string, unknown>>();
  const key = docKey(kind, id);
  if (doc) await rmRedis().set(key, JSON.stringify(stripped(kind, doc)), 'NX');
  else await rmRedis().set(key, MISSING, 'EX', MISSING_TTL_SECONDS, 'NX');
  return doc ? stripped(kind, doc) : null;
}

function validIds(ids: readonly number[]): number[] {
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/**
 * Reads a page of entities in one command: the documents (`MGET` of the first `ARGV[1]` keys), then
 * one count for each further key, by the operation named in `ARGV` (`l`: a list's size, `s`: a
 * member's score, `h`: a hash field) with its member or field after it. One reply of a flat array
 * costs the API far less than a pipeline of a command per count (a topic list page reads 20 topics
 * and their authors, 160 counts).
 */
const READ_ENTITIES_SCRIPT = `
local n = tonumber(ARGV[1])
local out = {}
if n > 0 then out = redis.call('MGET', unpack(KEYS, 1, n)) end
local at = n
for j = 2, #ARGV, 2 do
  at = at + 1
  local op = ARGV[j]
  if op == 'l' then out[at] = redis.call('ZCARD', KEYS[at])
  elseif op == 's' then out[at] = redis.call('ZSCORE', KEYS[at], ARGV[j + 1])
  else out[at] = redis.call('HGET', KEYS[at], ARGV[j + 1]) end
end
return out`;

/** Above this many ids a read goes by pipeline (a script's keys are unpacked on Redis's stack). */
const SCRIPT_MAX_IDS = 200;

type ScriptedRedis = ReturnType<typeof rmRedis> & {
  readEntities(keyCount: number, ...args: string[]): Promise<(string | number | null)[]>;
};

const scripted = new WeakSet<object>();

function scriptedRedis(): ScriptedRedis {
  const redis = rmRedis();
  if (!scripted.has(redis)) {
    redis.defineCommand('readEntities', { lua: READ_ENTITIES_SCRIPT });
    scripted.add(redis);
  }
  return redis as ScriptedRedis;
}

/** The documents (raw JSON, the missing marker or null) and then the counts of `ids`, in order. */
async function readRaw(kind: EntityKind, ids: readonly number[]): Promise<(string | number | null)[]> {
  const countFields = Object.values(kind.counts);
  if (ids.length > SCRIPT_MAX_IDS) {
    const pipeline = rmRedis().pipeline();
    pipeline.mget(ids.map((id) => docKey(kind, id)));
    for (const id of ids) {
      for (const source of countFields) {
        if ('list' in source) pipeline.zcard(source.list(id));
        else if ('scoreIn' in source) pipeline.zscore(source.scoreIn(), String(id));
        else pipeline.hget(viewsKey(kind), String(id));
      }
    }
    const replies = (await pipeline.exec())!;
    const docs = replies[0]![1] as (string | null)[];
    return [...docs, ...replies.slice(1).map(([, value]) => value as string | number | null)];
  }
  const keys = ids.map((id) => docKey(kind, id));
  if (countFields.length === 0) return rmRedis().mget(keys);
  const args = [String(ids.length)];
  for (const id of ids) {
    for (const source of countFields) {
      if ('list' in source) {
        keys.push(source.list(id));
        args.push('l', '');
      } else if ('scoreIn' in source) {
        keys.push(source.scoreIn());
        args.push('s', String(id));
      } else {
        keys.push(viewsKey(kind));
        args.push('h', String(id));
      }
    }
  }
  return scriptedRedis().readEntities(keys.length, ...keys, ...args);
}

/**
 * The documents of `ids` with their counts, keyed by id; ids that do not exist are absent. One
 * command reads documents and counts together.
 */
export async function readEntities<Doc>(kind: EntityKind, ids: readonly number[]): Promise<Map<number, Doc>> {
  const unique = validIds(ids);
  const result = new Map<number, Doc>();
  if (unique.length === 0) return result;
  const countFields = Object.keys(kind.counts);
  const raw = await readRaw(kind, unique);
  let at = unique.length;
  const missing: { id: number; counts: Record<string, number> }[] = [];
  unique.forEach((id, index) => {
    const counts: Record<string, number> = {};
    for (const field of countFields) counts[field] = Number(raw[at++] ?? 0);
    const cached = raw[index];
    if (cached == null) missing.push({ id, counts });
    else if (cached !== MISSING) result.set(id, { ...JSON.parse(String(cached)), ...counts } as Doc);
  });
  await Promise.all(
    missing.map(async ({ id, counts }) => {
      const doc = await loadMissing(kind, id);
      if (doc) result.set(id, { ...doc, ...counts } as Doc);
    }),
  );
  return result;
}

/** One entity, or null. */
export async function readEntity<Doc>(kind: EntityKind, id: number): Promise<Doc | null> {
  return (await readEntities<Doc>(kind, [id])).get(id) ?? null;
}

/** The documents of `ids` in the order given, skipping missing ones. */
export async function readInOrder<Doc>(kind: EntityKind, ids: readonly number[]): Promise<Doc[]> {
  const byId = await readEntities<Doc>(kind, ids);
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [doc] : [];
  });
}

/** Counts one view; returns the new total. */
export async function countView(kind: EntityKind, id: number): Promise<number> {
  // One round trip: the count and the mark for the job that persists it.
  const replies = await rmRedis()
    .pipeline()
    .hincrby(viewsKey(kind), String(id), 1)
    .sadd(dirtyKey(), `${kind.name}:${id}`)
    .exec();
  const [error, views] = replies![0]!;
  if (error) throw error;
  if (replies![1]![0]) throw replies![1]![0];
  return Number(views);
}

export const dirtyKey = () => rmKey('dirty');

/** Records that an entity's counts changed, for the job that persists them to MongoDB. */
export async function markDirty(kind: EntityKind, id: number): Promise<void> {
  await rmRedis().sadd(dirtyKey(), `${kind.name}:${id}`);
}
