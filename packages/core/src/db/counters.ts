/**
 * Integer ids. On FerretDB `$inc` is not atomic across connections, so two processes bumping the
 * `counters` document can hand out the same id (measured: two API processes liking at once got
 * duplicate like ids). Ids therefore come from Redis INCR, which is atomic for every process. The
 * `counters` document keeps a high-water mark (`$max`, written ahead of the allocations: see
 * `raiseMark`) and, with the largest `_id` of the sequence's collection, seeds Redis again when it
 * lost the key.
 * Processes without Redis (scripts before `initKv`) fall back to the document alone.
 */
import mongoose, { Schema } from 'mongoose';
import { hasKv, kv, kvKey } from '../kv';

const CounterSchema = new Schema(
  { _id: String, seq: { type: Number, required: true } },
  { versionKey: false },
);
export const Counter = mongoose.model('Counter', CounterSchema, 'counters');

/** The collection each sequence numbers, for seeding after Redis lost the sequence. */
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
};

const INCR_IF_SEEDED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCR', KEYS[1]) end
return false`;
const RAISE_TO = `
local current = redis.call('GET', KEYS[1])
if not current or tonumber(ARGV[1]) > tonumber(current) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

async function highWaterMark(sequence: string): Promise<number> {
  const counter = await Counter.findById(sequence).lean<{ seq: number }>();
  const collection = collectionOf[sequence];
  const newest = collection
    ? await mongoose.connection
        .db!.collection(collection)
        .find({}, { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .limit(1)
        .next()
    : null;
  return Math.max(counter?.seq ?? 0, typeof newest?._id === 'number' ? newest._id : 0);
}

/** The newest id handed out in `sequence` (0 when none): where admin lists start walking down. */
export async function lastId(sequence: string): Promise<number> {
  const allocated = hasKv() ? await kv().get(kvKey('ids', sequence)) : null;
  return allocated === null ? highWaterMark(sequence) : Number(allocated);
}

/** Seedings under way in this process, one per sequence. */
const seeding = new Map<string, Promise<void>>();

/**
 * Puts the sequence's high-water mark in Redis. Finding it may read a whole collection on FerretDB
 * (seconds for a large one), so concurrent callers in one process share one search instead of
 * queueing one each behind the process's single connection.
 */
function seedSequence(sequence: string): Promise<void> {
  let pending = seeding.get(sequence);
  if (!pending) {
    pending = (async () => {
      await kv().eval(RAISE_TO, 1, kvKey('ids', sequence), await highWaterMark(sequence));
    })().finally(() => seeding.delete(sequence));
    seeding.set(sequence, pending);
  }
  return pending;
}

/**
 * Seeds every sequence Redis has lost (it restarted empty), so that no request pays for the search.
 * Part of the read model's rebuild, which runs before a process says it is ready.
 */
export async function seedIdSequences(): Promise<void> {
  if (!hasKv()) return;
  for (const sequence of Object.keys(collectionOf)) {
    if (!(await kv().exists(kvKey('ids', sequence)))) await seedSequence(sequence);
  }
}

export async function nextId(sequence: string): Promise<number> {
  if (!hasKv()) return nextIdFromDocument(sequence);
  const key = kvKey('ids', sequence);
  let id = (await kv().eval(INCR_IF_SEEDED, 1, key)) as number | null;
  while (id === null) {
    await seedSequence(sequence);
    id = (await kv().eval(INCR_IF_SEEDED, 1, key)) as number | null;
  }
  await raiseMark(sequence, id);
  return id;
}

/** Ids a high-water mark is written ahead of the allocations, so most allocations write nothing. */
const MARK_AHEAD = 100;
/** The mark this process last wrote per sequence. */
const marks = new Map<string, number>();

/**
 * Keeps the `counters` document at or past `id`. It is written ahead by `MARK_AHEAD` ids, once per
 * that many allocations of this process rather than once each (a write to the embedded database
 * costs every other write time): a Redis that lost the sequence is seeded past every id handed
 * out, leaving a gap of at most `MARK_AHEAD`.
 */
async function raiseMark(sequence: string, id: number): Promise<void> {
  if (id < (marks.get(sequence) ?? 0)) return;
  const mark = id + MARK_AHEAD;
  await Counter.updateOne({ _id: sequence }, { $max: { seq: mark } }, { upsert: true }).catch(
    (error: unknown) => {
      // Two first-ever allocations race to insert the mark; the other one's write stands.
      if ((error as { code?: number }).code !== 11000) throw error;
    },
  );
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

async function nextIdFromDocument(sequence: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const counter = await Counter.findOneAndUpdate(
        { _id: sequence },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      ).lean<{ seq: number }>();
      if (!counter) throw new Error(`counter ${sequence} was not returned`);
      return counter.seq;
    } catch (error) {
      // Two first-ever allocations race to insert the counter; the loser retries as an update.
      if ((error as { code?: number }).code !== 11000 || attempt >= 5) throw error;
    }
  }
}
