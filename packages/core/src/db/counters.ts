/**
 * Integer ids: one owner. Every writer (the API, the worker, `npm run demo`, restore, reindex,
 * migrations and the test factories) takes its ids from the Redis key `ids:<sequence>` under the
 * site's prefix, with INCR (one id) or INCRBY (a block), which is atomic for every process. On
 * FerretDB `$inc` is not atomic across connections, so the MongoDB `counters` document is no
 * allocator: it keeps a high-water mark (`$max`, written ahead of the allocations: see
 * `raiseMark`) that, with the largest `_id` of the sequence's collection, raises the Redis key.
 *
 * Rows written outside the running site (a demo, a restore, another site on the same database)
 * can leave a key behind its collection, so the key is raised (never lowered) to the largest
 * `_id` at every process start (`raiseIdSequences`), after demo, restore and reindex, and by an
 * insert that still collides on `_id` (`insertWithFreshId`).
 */
import mongoose, { Schema } from 'mongoose';
import { kv, kvKey } from '../kv';
import { isDuplicateKeyError } from './duplicate-key';

const CounterSchema = new Schema(
  { _id: String, seq: { type: Number, required: true } },
  { versionKey: false },
);
export const Counter = mongoose.model('Counter', CounterSchema, 'counters');

/** The collection each sequence numbers, for raising the sequence to its largest `_id`. */
const collectionOf: Record<string, string> = {
  article: 'articles',
  comment: 'comments',
  email_code: 'email_codes',
  favorite: 'favorites',
  forbidden_word: 'forbidden_words',
  link: 'links',
  message: 'messages',
  operate_log: 'operate_logs',
  project: 'projects',
  sys_config: 'sys_config',
  tag: 'tags',
  third_account: 'third_accounts',
  topic: 'topics',
  topic_node: 'topic_nodes',
  user: 'users',
  user_follow: 'user_follows',
  user_like: 'user_likes',
  user_score_log: 'user_score_logs',
};

/** Every sequence ids are allocated from. */
export const idSequences: readonly string[] = Object.keys(collectionOf);

const INCRBY_IF_SEEDED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], ARGV[1]) end
return false`;
/**
 * Raises the key to ARGV[1] (the collection's largest id); a missing key (Redis lost it) starts at
 * ARGV[2], the high-water mark, past ids handed out but not yet written.
 */
const RAISE_TO = `
local current = redis.call('GET', KEYS[1])
if not current then redis.call('SET', KEYS[1], ARGV[2])
elseif tonumber(ARGV[1]) > tonumber(current) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;
const DROP_IF_EQUAL = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/** The largest numeric `_id` of the sequence's collection (0 when empty): one `_id`-sorted lookup. */
async function largestId(sequence: string): Promise<number> {
  const collection = collectionOf[sequence];
  if (!collection) return 0;
  const newest = await mongoose.connection
    .db!.collection(collection)
    .find({}, { projection: { _id: 1 } })
    .sort({ _id: -1 })
    .limit(1)
    .next();
  return typeof newest?._id === 'number' ? newest._id : 0;
}

async function highWaterMark(sequence: string, largest?: number): Promise<number> {
  const counter = await Counter.findById(sequence).lean<{ seq: number }>();
  return Math.max(counter?.seq ?? 0, largest ?? (await largestId(sequence)));
}

/** The newest id handed out in `sequence` (0 when none): where admin lists start walking down. */
export async function lastId(sequence: string): Promise<number> {
  const allocated = await kv().get(kvKey('ids', sequence));
  return allocated === null ? highWaterMark(sequence) : Number(allocated);
}

/** Raisings under way in this process, one per sequence. */
const raising = new Map<string, Promise<void>>();

/**
 * Raises the sequence in Redis to the largest `_id` of its collection, or, when Redis lost it, to
 * the high-water mark; it never lowers it. Concurrent callers in one process share one search
 * instead of queueing one each behind the process's single connection.
 */
export function raiseIdSequence(sequence: string): Promise<void> {
  let pending = raising.get(sequence);
  if (!pending) {
    pending = (async () => {
      const largest = await largestId(sequence);
      await kv().eval(RAISE_TO, 1, kvKey('ids', sequence), largest, await highWaterMark(sequence, largest));
    })().finally(() => raising.delete(sequence));
    raising.set(sequence, pending);
  }
  return pending;
}

/**
 * Raises every sequence to at least the largest `_id` of its collection (and the `counters`
 * mark): rows written by another process (a demo, a restore, a second site) are never handed out
 * again. Every process runs it at start; demo, restore and reindex when they finish.
 */
export async function raiseIdSequences(): Promise<void> {
  for (const sequence of idSequences) await raiseIdSequence(sequence);
}

export async function nextId(sequence: string): Promise<number> {
  return reserveIds(sequence, 1);
}

/**
 * Allocates `count` consecutive ids of `sequence` (one INCRBY) and returns the first: bulk writers
 * such as the demo take a block, so they and the running site never hand out the same id.
 */
export async function reserveIds(sequence: string, count: number): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`cannot reserve ${count} ids`);
  const key = kvKey('ids', sequence);
  let last = (await kv().eval(INCRBY_IF_SEEDED, 1, key, count)) as number | null;
  while (last === null) {
    await raiseIdSequence(sequence);
    last = (await kv().eval(INCRBY_IF_SEEDED, 1, key, count)) as number | null;
  }
  await raiseMark(sequence, last);
  return last - count + 1;
}

/** Ids a high-water mark is written ahead of the allocations, so most allocations write nothing. */
const MARK_AHEAD = 100;
/** The mark this process last wrote per sequence. */
const marks = new Map<string, number>();

/**
 * Keeps the `counters` document at or past `id`. It is written ahead by `MARK_AHEAD` ids, once per
 * that many allocations of this process rather than once each (a write to the embedded database
 * costs every other write time): a Redis that lost the sequence is raised past every id handed
 * out, leaving a gap of at most `MARK_AHEAD`.
 */
async function raiseMark(sequence: string, id: number): Promise<void> {
  if (id < (marks.get(sequence) ?? 0)) return;
  const mark = id + MARK_AHEAD;
  const write = () => Counter.updateOne({ _id: sequence }, { $max: { seq: mark } }, { upsert: true });
  await write().catch(async (error: unknown) => {
    // Two first-ever allocations raced to insert the mark: the document is there now, raise it.
    if (!isDuplicateKeyError(error)) throw error;
    await write();
  });
  marks.set(sequence, Math.max(marks.get(sequence) ?? 0, mark));
}

/**
 * The id of the row that `claimKey` names (a score-log row, a message), allocated from `sequence`
 * by the first caller and read by every later one for an hour, so a retried job writes the same
 * row. After that the row's unique key catches a late retry.
 */
export async function claimId(sequence: string, claimKey: string): Promise<number> {
  const id = await nextId(sequence);
  const claim = kvKey('claims', sequence, claimKey);
  if (await kv().set(claim, String(id), 'EX', 3600, 'NX')) return id;
  return Number(await kv().get(claim));
}

/** Forgets the claim of `claimKey` when it still names `id` (that id was found taken). */
export async function dropClaim(sequence: string, claimKey: string, id: number): Promise<void> {
  await kv().eval(DROP_IF_EQUAL, 1, kvKey('claims', sequence, claimKey), String(id));
}

/** An insert found its `_id` taken by another row: the sequence was behind its collection. */
export class IdTakenError extends Error {
  constructor(
    readonly collection: string,
    readonly id: unknown,
    cause: unknown,
  ) {
    super(`id ${String(id)} of ${collection} is taken by another row`, { cause });
    this.name = 'IdTakenError';
  }
}

/** How often an insert that collides on `_id` raises the sequence and tries again. */
const ID_ATTEMPTS = 5;

/**
 * Runs `insert` with a new id of `sequence`. When the id is taken (`insert` threw `IdTakenError`,
 * or a duplicate-key error while a row with that `_id` exists in `model`), the sequence is raised
 * past its collection's largest `_id` and the insert runs again with a new id, a bounded number of
 * times. Any other error, a duplicate of another unique key included, goes to the caller.
 */
export async function insertWithFreshId<T>(
  sequence: string,
  model: { exists(filter: { _id: number }): Promise<unknown> },
  insert: (id: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const id = await nextId(sequence);
    try {
      return await insert(id);
    } catch (error) {
      const taken =
        error instanceof IdTakenError || (isDuplicateKeyError(error) && !!(await model.exists({ _id: id })));
      if (!taken || attempt >= ID_ATTEMPTS) throw error;
      await raiseIdSequence(sequence);
    }
  }
}
