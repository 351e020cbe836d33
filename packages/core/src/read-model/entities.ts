/**
 * Entities by id: the stored fields of each document as JSON under `rm:e:<kind>:<id>`, read in one
 * round trip for a page, with the counts that several processes change read beside them (sizes of
 * lists, view counters) and laid over the document. A miss falls back to `findById` and fills the
 * cache only if nobody filled it meanwhile (SET NX), so a reader never overwrites a projector's
 * newer copy with the older document it loaded.
 *
 * Every write of a document also writes a new random version beside it (`versionKey`), in the same
 * transaction. A process keeps the documents it parsed with their versions (`parsedDocs`), and a
 * page's read sends the versions it holds: Redis answers "unchanged" instead of the document where
 * they match, so a document read again costs neither its bytes nor its parsing. Random, not
 * counted, so a Redis that lost everything and was rebuilt can never hand out a version a process
 * still holds for another text.
 */
import { invalidatePages } from './page-cache';
import { bumpStampIn, stampKey } from './stamp';
import type { ChainableCommander } from 'ioredis';
import { rmKey, rmRedis, type DocumentSource, type EntityListKey } from './store';
import { randomBytes } from 'node:crypto';
import { defineOnKvClients } from '../kv';
import { execAll, isCluster } from '../redis';
import { WeightedMap } from '../weighted-map';

/** Where one count of an entity comes from. */
export type CountSource =
  /** The size of a list (a like, comment, fan … list): exact by construction. */
  | { list: EntityListKey }
  /** A counter that only goes up (views), in the hash `rm:views:<kind>`. */
  | { counter: true }
  /** The entity's score in a sorted set kept by its one writer (a user's points in `rm:scores`). */
  | { scoreIn: () => string };

export interface EntityKind {
  /** The kind's name in keys: 'topic', 'comment', 'user', … */
  name: string;
  model: DocumentSource;
  /** Fields never cached (private or bulky: outbox, ip, password hash). */
  hidden: readonly string[];
  /** Count fields laid over the document when it is read. */
  counts: Record<string, CountSource>;
  /** Replaces secrets that only need to be known to exist (a password hash becomes a marker). */
  mask?(doc: Record<string, unknown>): void;
  /**
   * What is made from the document whenever it is cached, never stored in the database (a topic's
   * rendering): work done once per write instead of on every read. `fields` go into the cached
   * document; each of `beside` is kept in its own key (`besideKey`), written and dropped with the
   * document, for the few readers that need it (a topic's body: its own page, not the lists).
   */
  derive?(doc: Record<string, unknown>): Promise<Derived>;
  /** The names `derive` may keep beside the document. */
  beside?: readonly string[];
  /**
   * Small kinds written rarely (nodes, tags): every write of any of their documents also writes a
   * new version of the whole kind (`kindVersionKey`), so a process may keep what it read of them
   * until that changes and read them with one `GET` (`readKeptEntities`). Such a kind has no counts.
   */
  keptWhole?: boolean;
}

export interface Derived {
  fields: Record<string, unknown>;
  /** By name (one of the kind's `beside`); a name left out is deleted. */
  beside?: Record<string, string>;
}

const kinds = new Map<string, EntityKind>();
/** Each kind's number, for keys of `parsedDocs` (see `parsedKey`). */
const kindSlots = new Map<EntityKind, number>();
const KIND_SLOTS = 64;

export function defineEntityKind(kind: EntityKind): EntityKind {
  if (!kindSlots.has(kind)) {
    if (kindSlots.size >= KIND_SLOTS) throw new Error(`more than ${KIND_SLOTS} entity kinds`);
    kindSlots.set(kind, kindSlots.size);
  }
  // A kept document is served as it was read: counts, read anew on every request, cannot be kept.
  if (kind.keptWhole && Object.keys(kind.counts).length > 0)
    throw new Error(`entity kind ${kind.name} is kept whole and cannot have counts`);
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

export const besideKey = (kind: EntityKind, id: number, name: string) => rmKey('e', kind.name, id, name);
/** The version of the cached document: a new random one on every write of it (see the top). */
export const versionKey = (kind: EntityKind, id: number) => rmKey('e', kind.name, id, 'v');

const newVersion = () => randomBytes(9).toString('base64url');
/** The version of a whole kind (see `EntityKind.keptWhole`); outside `rm:e:`, where documents lie. */
export const kindVersionKey = (kind: EntityKind) => rmKey('ev', kind.name);

/** The document as cached (hidden and count fields left out, derived fields added) and what is kept beside it. */
async function cachedForm(
  kind: EntityKind,
  doc: object,
): Promise<{ cached: Record<string, unknown>; beside: Record<string, string> }> {
  const cached: Record<string, unknown> = { ...doc };
  for (const field of kind.hidden) delete cached[field];
  for (const field of Object.keys(kind.counts)) delete cached[field];
  kind.mask?.(cached);
  if (!kind.derive) return { cached, beside: {} };
  const derived = await kind.derive(cached);
  Object.assign(cached, derived.fields);
  return { cached, beside: derived.beside ?? {} };
}

/** Writes the document and what is kept beside it in `transaction` (with `onlyIfAbsent`, each only where absent). */
function writeCached(
  transaction: ChainableCommander,
  kind: EntityKind,
  id: number,
  form: { cached: Record<string, unknown>; beside: Record<string, string> },
  onlyIfAbsent: boolean,
): ChainableCommander {
  const set = (key: string, value: string) =>
    onlyIfAbsent ? transaction.set(key, value, 'NX') : transaction.set(key, value);
  set(docKey(kind, id), JSON.stringify(form.cached));
  // Always a new version, even where the document was not written (`onlyIfAbsent` found one): a
  // version changed for nothing only makes the processes that hold it parse the document again.
  transaction.set(versionKey(kind, id), newVersion());
  if (kind.keptWhole) transaction.set(kindVersionKey(kind), newVersion());
  for (const name of kind.beside ?? []) {
    const value = form.beside[name];
    if (value !== undefined) set(besideKey(kind, id, name), value);
    else if (!onlyIfAbsent) transaction.del(besideKey(kind, id, name));
  }
  return transaction;
}

/** Stores the current document (a projector's write: it always wins). */
export async function cacheDoc(kind: EntityKind, doc: { _id: number } & object): Promise<void> {
  const form = await cachedForm(kind, doc);
  await execAll(bumpStampIn(writeCached(rmRedis().multi(), kind, doc._id, form, false)));
  invalidatePages();
}

export async function dropDoc(kind: EntityKind, id: number): Promise<void> {
  const keys = [
    docKey(kind, id),
    versionKey(kind, id),
    ...(kind.beside ?? []).map((name) => besideKey(kind, id, name)),
  ];
  const transaction = rmRedis()
    .multi()
    .del(...keys);
  if (kind.keptWhole) transaction.set(kindVersionKey(kind), newVersion());
  await execAll(bumpStampIn(transaction));
  invalidatePages();
}

async function loadMissing(kind: EntityKind, id: number): Promise<Record<string, unknown> | null> {
  const projection = Object.fromEntries(kind.hidden.map((field) => [field, 0]));
  const doc = await kind.model.findById(id, projection).lean<Record<string, unknown>>();
  if (!doc) {
    await rmRedis().set(docKey(kind, id), MISSING, 'EX', MISSING_TTL_SECONDS, 'NX');
    return null;
  }
  // Only where nobody cached it meanwhile: a projector's copy is newer than this read.
  const form = await cachedForm(kind, doc);
  await execAll(writeCached(rmRedis().multi(), kind, id, form, true));
  return form.cached;
}

/** What `derive` kept beside the documents of `ids` under `name`, in order (null where none). */
export async function readBeside(
  kind: EntityKind,
  ids: readonly number[],
  name: string,
): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  return rmRedis().mget(ids.map((id) => besideKey(kind, id, name)));
}

function validIds(ids: readonly number[]): readonly number[] {
  // A page's ids are few: compared pairwise, with no set and no copy when every id is valid and
  // none repeats (a list's own ids; its authors repeat, and are copied without the repeats).
  if (ids.length > 64) return [...new Set(ids.filter(isValidId))];
  let unique: number[] | undefined;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    let keep = isValidId(id);
    for (let j = 0; keep && j < i; j++) if (ids[j] === id) keep = false;
    if (keep) unique?.push(id);
    else unique ??= ids.slice(0, i);
  }
  return unique ?? ids;
}

function isValidId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * Reads a page of entities in one command. ARGV: `n`, the operations of one entity's counts (`l`: a
 * list's size, `s`: the entity's score in a sorted set, `h`: its field in a hash), the documents'
 * key prefix, for each count its list key prefix (`l`) or its sorted set or hash (`s`, `h`), then
 * the `n` ids joined by commas, then the `n` versions the caller holds joined by commas ('' where
 * none; a version is base64url, never a comma): two arguments rather than two an entity, each of
 * which the client would encode on its own. The script makes each key
 * from its prefix and the id, so a page's request carries its ids rather than a key per count (a
 * topic list page reads 20 topics and their authors: 160 counts, whose keys were most of the bytes
 * the API wrote to Redis and parsed there). KEYS: the first document's key alone, which places the
 * script on the read model's slot; every key the script makes is in that slot too (`{rm}`), which
 * Redis Cluster allows a script to read undeclared. The reply is three strings: the documents as one
 * JSON array (`null` where a key is absent, `1` where the caller holds the current version; each
 * cached value is JSON already, the missing marker `0` included), each entity's counts joined by
 * commas, the entities' joined by semicolons (an absent score or field is empty), and the current
 * versions joined by commas (empty where none). A few strings instead of one per document and one
 * per entity: the client decodes, copies and converts each reply separately, which was a fifth of
 * what a list page allocated.
 *
 * Counts read again unchanged are not read: after the ids and versions come the read model's stamp
 * key, the stamp under which the caller read the counts it holds, and one flag an entity ('1' where
 * it holds that entity's counts from that stamp). While the stamp is still that one, nothing that
 * changes a list's size or a score happened since (each such write bumps the stamp in the same
 * script or transaction), so a flagged entity's list sizes and scores are answered '=' ("as you
 * hold them") instead of being read: a topic list page's twenty authors cost no command at all
 * rather than five each. Counters (views) go up without a bump and are always read, one `HMGET`
 * a counter for the whole page. The fourth reply is the current stamp (empty where none: nothing
 * may be skipped then).
 */
const READ_ENTITIES_SCRIPT = `
local n = tonumber(ARGV[1])
local ops = ARGV[2]
local m = #ops
local docPrefix = ARGV[3]
local ids = {}
for id in string.gmatch(ARGV[4 + m], '[^,]+') do ids[#ids + 1] = id end
local held = {}
local heldText = ARGV[5 + m] .. ','
local from = 1
for i = 1, n do
  local comma = string.find(heldText, ',', from, true)
  held[i] = string.sub(heldText, from, comma - 1)
  from = comma + 1
end
local stamp = redis.call('GET', ARGV[6 + m]) or ''
local same = stamp ~= '' and stamp == ARGV[7 + m]
local keep = ARGV[8 + m]
local versionKeys = {}
for i = 1, n do versionKeys[i] = docPrefix .. ids[i] .. ':v' end
local versions = redis.call('MGET', unpack(versionKeys))
local found = {}
local wanted = {}
local wantedAt = {}
for i = 1, n do
  local version = versions[i]
  if version and version == held[i] then
    found[i] = '1'
  else
    wanted[#wanted + 1] = docPrefix .. ids[i]
    wantedAt[#wantedAt + 1] = i
  end
  versions[i] = version or ''
end
if #wanted > 0 then
  local docs = redis.call('MGET', unpack(wanted))
  for j = 1, #wanted do found[wantedAt[j]] = docs[j] or 'null' end
end
local counters = {}
for f = 1, m do
  if string.sub(ops, f, f) == 'h' then counters[f] = redis.call('HMGET', ARGV[3 + f], unpack(ids)) end
end
local all = {}
for i = 1, n do
  local id = ids[i]
  local held = same and string.byte(keep, i) == 49
  local counts = {}
  for f = 1, m do
    local op = string.sub(ops, f, f)
    local where = ARGV[3 + f]
    local value
    if op == 'h' then value = counters[f][i]
    elseif held then value = '='
    elseif op == 'l' then value = redis.call('ZCARD', where .. id)
    else value = redis.call('ZSCORE', where, id) end
    counts[f] = value and tostring(value) or ''
  end
  all[i] = table.concat(counts, ',')
end
return { '[' .. table.concat(found, ',') .. ']', table.concat(all, ';'), table.concat(versions, ','), stamp }`;

/** Above this many ids a read goes by pipeline (a script's keys are unpacked on Redis's stack). */
const SCRIPT_MAX_IDS = 200;

type ScriptedRedis = ReturnType<typeof rmRedis> & {
  readEntities(keyCount: number, ...args: string[]): Promise<[string, string, string, string]>;
};

defineOnKvClients((redis) => redis.defineCommand('readEntities', { lua: READ_ENTITIES_SCRIPT }));

function scriptedRedis(): ScriptedRedis {
  return rmRedis() as ScriptedRedis;
}

/** What the page script is sent for a kind, besides ids and versions (see the script). */
interface ScriptPlan {
  /** The documents' keys, as `docKey` makes them, are this and the id. */
  docPrefix: string;
  /** One letter a count: `l` a list's size, `s` a score, `h` a counter. */
  ops: string;
  /** Each count's list key prefix, sorted set or hash. */
  where: string[];
  /** Every count field of the kind (a parsed document gets them all, read or not). */
  fields: string[];
  /** What the script answers for an entity whose every count is held. */
  allHeld: string;
  stamp: string;
}

/** Each kind's plans without and with counts, made once for the key prefix they were made under. */
const scriptPlans = new Map<EntityKind, [ScriptPlan | undefined, ScriptPlan | undefined]>();

function scriptPlan(kind: EntityKind, withCounts: boolean): ScriptPlan {
  const docPrefix = `${rmKey('e', kind.name)}:`;
  const plans = scriptPlans.get(kind) ?? [undefined, undefined];
  const index = withCounts ? 1 : 0;
  const kept = plans[index];
  if (kept?.docPrefix === docPrefix) return kept;
  const fields = Object.keys(kind.counts);
  const plan: ScriptPlan = { docPrefix, ops: '', where: [], fields, allHeld: '', stamp: stampKey() };
  if (withCounts) {
    for (const source of Object.values(kind.counts)) {
      if ('list' in source) {
        plan.ops += 'l';
        plan.where.push(source.list.prefix());
      } else if ('scoreIn' in source) {
        plan.ops += 's';
        plan.where.push(source.scoreIn());
      } else {
        plan.ops += 'h';
        plan.where.push(viewsKey(kind));
      }
    }
    plan.allHeld = fields.map(() => '=').join(',');
  }
  plans[index] = plan;
  scriptPlans.set(kind, plans);
  return plan;
}

/** A document this process parsed, and the copy with counts it last shared (see `readEntities`). */
interface ParsedDoc {
  version: string;
  doc: object;
  shared?: { stamp: string; copy: object };
  /** The entity's counts as the script answers them, and the read model's stamp when they were read. */
  counts?: { at: string; text: string };
}

/**
 * The read model's stamp as the last page script answered it: the caller flags the entities whose
 * counts it read under this one (see the script). Only ever a hint: Redis compares it.
 */
let lastStamp = '';

/**
 * The documents this process parsed, by key, with the version each was read at. Every reader
 * shares what they hold, so that is frozen; readers get a copy of the top level with the counts
 * laid over it. Bounded by count and by the length of their texts (a topic's Markdown may be
 * long); the ones parsed longest ago go first.
 */
const parsedDocs = new WeightedMap<number | string, ParsedDoc>(
  32_000_000, // characters of text: about 64 MB of strings
  50_000,
);

/**
 * The key of an entity in `parsedDocs`: a number made of its id and its kind's slot, which a `Map`
 * finds faster than a string it would hash anew on every read; past 2^46 ids, a string.
 */
function parsedKey(slot: number, id: number): number | string {
  return id < 2 ** 46 ? id * KIND_SLOTS + slot : `${slot}:${id}`;
}

/** About how much a document holds: its strings' lengths and a little for everything else. */
function weightOf(doc: object): number {
  let weight = 64;
  for (const value of Object.values(doc)) weight += typeof value === 'string' ? value.length : 16;
  return weight;
}

function deepFreeze(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
}

/**
 * Freezes what a kept document holds, not the document itself: nobody gets the document (readers
 * get a copy of its top level), and V8 copies a frozen object's properties about eight times slower.
 */
function freezeInside<T extends object>(doc: T): T {
  for (const inner of Object.values(doc)) deepFreeze(inner);
  return doc;
}

/**
 * The cached documents of `ids`, parsed (an object, the missing marker's 0, or null where nothing is
 * cached), and each one's counts, in order. An object may be shared and frozen: copy before changing.
 */
async function readRaw(
  kind: EntityKind,
  ids: readonly number[],
  withCounts = true,
): Promise<{
  docs: unknown[];
  counts: (index: number) => number[];
  /** The document's version and its counts as Redis sent them; undefined where not known. */
  stamp: (index: number) => string | undefined;
  /** What this process keeps of the document, current as of this read; undefined where nothing. */
  parsed: (index: number) => ParsedDoc | undefined;
}> {
  const sources = withCounts ? Object.values(kind.counts) : [];
  const parse = (values: (string | null)[]) =>
    values.map((value) => (value === null ? null : JSON.parse(value)));
  if (ids.length > SCRIPT_MAX_IDS) {
    const pipeline = rmRedis().pipeline();
    pipeline.mget(ids.map((id) => docKey(kind, id)));
    for (const id of ids) {
      for (const source of sources) {
        if ('list' in source) pipeline.zcard(source.list(id));
        else if ('scoreIn' in source) pipeline.zscore(source.scoreIn(), String(id));
        else pipeline.hget(viewsKey(kind), String(id));
      }
    }
    const replies = await execAll(pipeline);
    return {
      docs: parse(replies[0] as (string | null)[]),
      counts: (index) => sources.map((_, f) => Number(replies[1 + index * sources.length + f] ?? 0)),
      stamp: () => undefined,
      parsed: () => undefined,
    };
  }
  const plan = scriptPlan(kind, withCounts);
  const slot = kindSlots.get(kind)!;
  const keys = ids.map((id) => parsedKey(slot, id));
  const held = keys.map((key) => parsedDocs.get(key));
  // The counts flagged as held, as they were when flagged: another read may replace them meanwhile.
  const askedStamp = lastStamp;
  const heldCounts = held.map((entry) =>
    withCounts && askedStamp !== '' && entry?.counts?.at === askedStamp ? entry.counts.text : undefined,
  );
  const args = [
    String(ids.length),
    plan.ops,
    plan.docPrefix,
    ...plan.where,
    ids.join(','),
    held.map((entry) => entry?.version ?? '').join(','),
    plan.stamp,
    askedStamp,
    heldCounts.map((text) => (text === undefined ? '0' : '1')).join(''),
  ];
  const routing = [plan.docPrefix + ids[0]];
  // On a cluster, EVAL rather than the defined command: ioredis' auto-pipelining groups a defined
  // command by its first argument (the key count here) instead of its first key, and a group whose
  // keys lie on two nodes fails whole. EVAL's keys are known to it; Redis caches the script either way.
  const redis = rmRedis();
  const [found, counts, versions, stamp] = (
    isCluster(redis)
      ? await redis.eval(READ_ENTITIES_SCRIPT, routing.length, ...routing, ...args)
      : await scriptedRedis().readEntities(routing.length, ...routing, ...args)
  ) as [string, string, string, string];
  lastStamp = stamp;
  const docs = JSON.parse(found) as unknown[];
  const current = versions.split(',');
  const parsed: (ParsedDoc | undefined)[] = [];
  docs.forEach((doc, index) => {
    if (doc === 1) {
      parsed[index] = held[index]!;
      docs[index] = held[index]!.doc;
    } else if (doc && typeof doc === 'object' && current[index]) {
      // Its count fields are there from the start (overwritten on each read), so the copies
      // readers get take them without changing shape.
      for (const field of plan.fields) (doc as Record<string, unknown>)[field] = 0;
      parsed[index] = { version: current[index], doc: freezeInside(doc) };
      parsedDocs.set(keys[index]!, parsed[index], weightOf(doc));
    }
  });
  const perEntity = counts.split(';');
  if (withCounts) {
    for (let index = 0; index < perEntity.length; index++) {
      const heldText = heldCounts[index];
      let text = perEntity[index]!;
      // Every field held (a kind without counters): the held text itself.
      if (heldText !== undefined) {
        text = text === plan.allHeld ? heldText : text.includes('=') ? merged(text, heldText) : text;
        perEntity[index] = text;
      }
      const entry = parsed[index];
      if (stamp === '' || !entry) continue;
      // Written only where it changed: a kept entry is old, and every new string it is given
      // survives the young generation's collections and is copied out of it.
      if (!entry.counts) entry.counts = { at: stamp, text };
      else {
        if (entry.counts.at !== stamp) entry.counts.at = stamp;
        if (entry.counts.text !== text) entry.counts.text = text;
      }
    }
  }
  return {
    docs,
    counts: (index) => (withCounts ? perEntity[index]!.split(',').map((value) => Number(value)) : []),
    stamp: (index) =>
      current[index] ? `${current[index]}|${withCounts ? perEntity[index] : '-'}` : undefined,
    parsed: (index) => parsed[index],
  };
}

/**
 * An entity's counts as the script answered them, each '=' replaced by the same field of `held`
 * (which has as many). Walks both texts instead of splitting them: it runs for every entity of a
 * page read.
 */
function merged(text: string, held: string): string {
  let out = '';
  let from = 0;
  let heldFrom = 0;
  for (;;) {
    const end = text.indexOf(',', from);
    const heldEnd = held.indexOf(',', heldFrom);
    const value = end < 0 ? text.slice(from) : text.slice(from, end);
    out += value === '=' ? (heldEnd < 0 ? held.slice(heldFrom) : held.slice(heldFrom, heldEnd)) : value;
    if (end < 0) return out;
    out += ',';
    from = end + 1;
    heldFrom = heldEnd + 1;
  }
}

/**
 * What a copy a shared read of `readEntities` handed out was made from: the document's version and
 * its counts as Redis sent them. Two copies with one stamp hold the same fields and counts, so what
 * a reader made of one (a list row's JSON) it may use for the other. Kept on the copy under a
 * symbol, not enumerable (no JSON, key list, spread or schema sees it), with the copy it belongs
 * to. A copy read any other way (not shared, loaded from the database, read by pipeline) has none.
 */
const STAMP = Symbol('read-model stamp');

interface Stamp {
  of: object;
  stamp: string;
}

/**
 * The stamp of a copy `readEntities` made (see `STAMP`); undefined for any other object. A reader
 * that changes a copy in place must not rely on its stamp for the fields it changed.
 */
export function entityStamp(doc: object): string | undefined {
  const stamp = (doc as { [STAMP]?: Stamp })[STAMP];
  return stamp?.of === doc ? stamp.stamp : undefined;
}

/**
 * Gives `copy`, made by a reader from a copy `readEntities` made (`source`), the source's stamp:
 * for a reader whose copy differs from its source only in ways that whoever uses the stamp checks
 * as well (a user's public copy: private fields left out, the level laid over).
 */
export function passStamp(copy: object, source: object): void {
  const stamp = entityStamp(source);
  if (stamp !== undefined) setStamp(copy, stamp);
}

/** Not enumerable: copies, key lists and deep comparisons of the document never see it. */
function setStamp(doc: object, stamp: string): void {
  Object.defineProperty(doc, STAMP, { value: { of: doc, stamp } satisfies Stamp });
}

/**
 * The documents of `ids` with their counts, keyed by id; ids that do not exist are absent. One
 * command reads documents and counts together. Without `withCounts` the counts are left at 0 and
 * not read (each is a Redis read a document), for answers that show none. With `shared` a copy may
 * be one this process handed out before (frozen; the same document at the same counts), so a list
 * read again allocates nothing per document, and each copy carries its stamp (`entityStamp`): only
 * for readers that never change what they get.
 */
export async function readEntities<Doc>(
  kind: EntityKind,
  ids: readonly number[],
  withCounts = true,
  shared = false,
): Promise<Map<number, Doc>> {
  const unique = validIds(ids);
  const result = new Map<number, Doc>();
  if (unique.length === 0) return result;
  const fields = Object.keys(kind.counts);
  const raw = await readRaw(kind, unique, withCounts);
  const missing: { id: number; counts: number[] }[] = [];
  unique.forEach((id, index) => {
    const cached = raw.docs[index];
    if (cached === null) missing.push({ id, counts: raw.counts(index) });
    else if (typeof cached === 'object') {
      // Stamps are made for shared reads alone: the readers that key work on them read that way.
      const stamp = shared ? raw.stamp(index) : undefined;
      const parsed = stamp !== undefined ? raw.parsed(index) : undefined;
      if (parsed?.shared && parsed.shared.stamp === stamp) {
        result.set(id, parsed.shared.copy as Doc);
        return;
      }
      // The cached fields never include the counts (see `cachedForm`): they go after the fields,
      // on a copy (the parsed document may be shared, see `parsedDocs`).
      const doc = { ...cached } as Record<string, unknown>;
      const counts = raw.counts(index);
      fields.forEach((field, f) => (doc[field] = counts[f] || 0));
      if (stamp !== undefined) {
        setStamp(doc, stamp);
        if (parsed) parsed.shared = { stamp, copy: Object.freeze(doc) };
      }
      result.set(id, doc as Doc);
    }
    // Anything else is the missing marker (0 once parsed): the document does not exist.
  });
  await Promise.all(
    missing.map(async ({ id, counts }) => {
      const doc = await loadMissing(kind, id);
      if (!doc) return;
      fields.forEach((field, f) => (doc[field] = counts[f] || 0));
      result.set(id, doc as Doc);
    }),
  );
  return result;
}

/** What a process keeps of a `keptWhole` kind: its documents by id (null: none), read under `version`. */
interface KeptKind {
  version: string;
  docs: Map<number, object | null>;
}

const keptKinds = new Map<string, KeptKind>();

/** Past this many documents of one kind a process starts its keeping again. */
const KEPT_MAX = 20_000;

/**
 * The documents of a `keptWhole` kind, keyed by id (absent where none exists), shared and frozen:
 * copy before changing. One `GET` of the kind's version; documents are read (as `readEntities`
 * does) only when this process has not read them since the version it holds, so none is older
 * than the last write of the kind when the `GET` answered. Without a version (Redis emptied, a
 * read model laid out before the kind had one) every read goes to `readEntities`.
 */
export async function readKeptEntities<Doc>(
  kind: EntityKind,
  ids: readonly number[],
): Promise<Map<number, Doc>> {
  const unique = validIds(ids);
  if (unique.length === 0) return new Map();
  const version = await rmRedis().get(kindVersionKey(kind));
  if (version === null) return readEntities<Doc>(kind, unique);
  let kept = keptKinds.get(kind.name);
  if (kept?.version !== version || kept.docs.size > KEPT_MAX) {
    kept = { version, docs: new Map() };
    keptKinds.set(kind.name, kept);
  }
  const missing = unique.filter((id) => !kept.docs.has(id));
  if (missing.length > 0) {
    const read = await readEntities<Doc & object>(kind, missing);
    // Into the keeping this read's version found, even if another request has replaced it since.
    for (const id of missing) kept.docs.set(id, Object.freeze(read.get(id)) ?? null);
  }
  const result = new Map<number, Doc>();
  for (const id of unique) {
    const doc = kept.docs.get(id);
    if (doc) result.set(id, doc as Doc);
  }
  return result;
}

/** The documents of a `keptWhole` kind in the order given, skipping missing ones (shared and frozen). */
export async function readKeptInOrder<Doc>(kind: EntityKind, ids: readonly number[]): Promise<Doc[]> {
  return inOrder(ids, await readKeptEntities<Doc>(kind, ids));
}

/** One entity, or null. */
export async function readEntity<Doc>(kind: EntityKind, id: number): Promise<Doc | null> {
  return (await readEntities<Doc>(kind, [id])).get(id) ?? null;
}

/** The documents of `ids` in the order given, skipping missing ones. */
export async function readInOrder<Doc>(
  kind: EntityKind,
  ids: readonly number[],
  withCounts = true,
  shared = false,
): Promise<Doc[]> {
  return inOrder(ids, await readEntities<Doc>(kind, ids, withCounts, shared));
}

/** The documents of `ids` in that order, skipping ids that have none. */
function inOrder<Doc>(ids: readonly number[], byId: ReadonlyMap<number, Doc>): Doc[] {
  return ids.flatMap((id) => {
    const doc = byId.get(id);
    return doc ? [doc] : [];
  });
}

/** Counts one view; returns the new total. */
export async function countView(kind: EntityKind, id: number): Promise<number> {
  // One round trip: the count and the mark for the job that persists it.
  const [views] = await execAll(
    rmRedis().pipeline().hincrby(viewsKey(kind), String(id), 1).sadd(dirtyKey(), `${kind.name}:${id}`),
  );
  return Number(views);
}

export const dirtyKey = () => rmKey('dirty');
