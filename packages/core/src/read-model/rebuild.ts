/**
 * Rebuilding the read model = running every projector over MongoDB. Used by `npm run reindex` and
 * by a process that starts and finds the read model missing (Redis emptied) or of another layout
 * version. One process rebuilds while the others wait (a lock with a lease); progress is kept in
 * Redis so every process's readiness can report it.
 */
import { raiseIdSequences } from '../db/counters';
import { flushCounts, restoreViewCounters } from './counts';
import { dropDoc, entityKinds, viewsKey } from './entities';
import { membershipKey, placedMember, placeInLists } from './membership';
import { kvKey } from '../kv';
import { scanKeys, unlinkKeys } from '../redis';
import { READ_MODEL_VERSION, readyKey, rmKey, rmRedis, type DocumentSource } from './store';

export interface RebuildSource<Doc = unknown> {
  /** Shown in progress reports: 'topics', 'comments', … */
  name: string;
  model: DocumentSource;
  /** Fields the projector does not need. */
  projection?: Record<string, 0>;
  project(doc: Doc): Promise<void>;
  /** For kinds with view counters: the kind's name and the count stored in the document. */
  views?: { kind: string; field: string };
  /**
   * How the projector names its rows in the read model: owners `<owner>:<id>[:…]` in `rm:in:` and
   * cached documents `rm:e:<owner>:<id>`. Lets a sweep find what is kept for rows that are gone.
   */
  owner?: string;
  /** Sources whose projections this one reads (it runs after them, whatever the import order). */
  after?: string[];
}

const sources: RebuildSource[] = [];

export function defineRebuildSource<Doc>(source: RebuildSource<Doc>): void {
  if (!sources.some((known) => known.name === source.name)) sources.push(source);
}

export interface RebuildProgress {
  source: string;
  done: number;
  total: number;
}

const lockKey = () => rmKey('rebuild', 'lock');
const progressKey = () => rmKey('rebuild', 'progress');
const BATCH = 500;

async function clearReadModel(): Promise<void> {
  const redis = rmRedis();
  // Every layout's keys (`rm:…`, `rm:{rm}:…`, `rm:{search}:…`), so a new layout leaves no old key behind.
  for await (const keys of scanKeys(redis, kvKey('rm', '*'))) {
    await unlinkKeys(
      redis,
      keys.filter((key) => key !== lockKey() && key !== progressKey()),
    );
  }
}

/**
 * Runs every projector over every row of MongoDB. Projectors are idempotent, so on a live read model
 * this repairs what drifted (a missed projection, a moved row) without emptying anything. With
 * `sweep`, what the read model still keeps for rows that no longer exist (deleted behind the
 * services' back, or by a process that died before unprojecting them) is removed afterwards.
 */
/**
 * A batch's writes are awaited together after the cursor's next read: one that fails meanwhile
 * (Redis closed under a process that is stopping) must not count as an unhandled rejection. The
 * promise returned still rejects, so the batch's await reports it.
 */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The sources in registration order, each moved behind the sources it names in `after`. */
function inDependencyOrder(): RebuildSource[] {
  const ordered: RebuildSource[] = [];
  const visit = (source: RebuildSource, path: string[]) => {
    if (ordered.includes(source) || path.includes(source.name)) return;
    for (const name of source.after ?? []) {
      const dependency = sources.find((candidate) => candidate.name === name);
      if (dependency) visit(dependency, [...path, source.name]);
    }
    ordered.push(source);
  };
  for (const source of sources) visit(source, []);
  return ordered;
}

export async function reprojectEverything(
  onProgress?: (progress: RebuildProgress) => void,
  options: { sweep?: boolean } = {},
): Promise<{ swept: number }> {
  const ordered = inDependencyOrder();
  const totals = await Promise.all(ordered.map((source) => source.model.estimatedDocumentCount()));
  const seen = new Map<string, Set<number>>();
  for (const [index, source] of ordered.entries()) {
    const total = totals[index]!;
    const ids = options.sweep && source.owner ? new Set<number>() : undefined;
    if (ids) seen.set(source.owner!, ids);
    let done = 0;
    let batch: Promise<unknown>[] = [];
    const report = async () => {
      onProgress?.({ source: source.name, done, total });
      await rmRedis().set(progressKey(), JSON.stringify({ source: source.name, done, total }), 'EX', 600);
    };
    await report();
    const views = source.views && entityKinds().find((kind) => kind.name === source.views!.kind);
    const cursor = source.model
      .find({}, source.projection ?? {})
      .lean()
      .cursor();
    for await (const doc of cursor as AsyncIterable<Record<string, unknown>>) {
      batch.push(settledLater(source.project(doc)));
      ids?.add(Number(doc._id));
      // Documents imported with a view count (demo data, legacy imports) start from it.
      const stored = views ? Number(doc[source.views!.field] ?? 0) : 0;
      if (views && stored > 0)
        batch.push(settledLater(rmRedis().hsetnx(viewsKey(views), String(doc._id), stored)));
      done += 1;
      if (batch.length >= BATCH) {
        await Promise.all(batch);
        batch = [];
        await report();
      }
    }
    await Promise.all(batch);
    await report();
  }
  return { swept: options.sweep ? await sweepStale(seen) : 0 };
}

/**
 * Takes rows that were not seen by the pass out of every list and drops their cached documents,
 * once MongoDB confirms they are gone (a row written during the pass may not have been seen).
 */
async function sweepStale(seen: Map<string, Set<number>>): Promise<number> {
  const byOwner = new Map(sources.filter((source) => source.owner).map((source) => [source.owner!, source]));
  const unseen = (name: string) => {
    const [owner, id] = name.split(':') as [string, string | undefined];
    const ids = seen.get(owner);
    return ids && id !== undefined && !ids.has(Number(id)) ? { owner, id: Number(id) } : undefined;
  };
  const gone = async (owner: string, id: number) =>
    (await byOwner.get(owner)!.model.findById(id, { _id: 1 }).lean()) === null;
  let swept = 0;
  const inPrefix = membershipKey('');
  for await (const keys of scanKeys(rmRedis(), `${inPrefix}*`)) {
    for (const key of keys) {
      const name = key.slice(inPrefix.length);
      const row = unseen(name);
      if (!row || !(await gone(row.owner, row.id))) continue;
      const member = await placedMember(name);
      if (member !== null) await placeInLists(name, member, new Map());
      else await rmRedis().del(key);
      swept += 1;
    }
  }
  const docPrefix = rmKey('e', '');
  for await (const keys of scanKeys(rmRedis(), `${docPrefix}*`)) {
    for (const key of keys) {
      const row = unseen(key.slice(docPrefix.length));
      const kind = row && entityKinds().find((candidate) => candidate.name === row.owner);
      if (!row || !kind || !(await gone(row.owner, row.id))) continue;
      await dropDoc(kind, row.id);
      swept += 1;
    }
  }
  return swept;
}

/** Clears and rebuilds every list and cached entity from MongoDB. */
export async function rebuildReadModel(onProgress?: (progress: RebuildProgress) => void): Promise<void> {
  await rmRedis().del(readyKey());
  // Views counted since the last flush would be lost with the keys.
  await flushCounts();
  await clearReadModel();
  await reprojectEverything(onProgress);
  await restoreViewCounters();
  // A Redis that lost the read model lost the id sequences too, and rows may have come from another
  // process: every sequence is raised to its collection now, not by the first writes.
  await raiseIdSequences();
  await rmRedis().set(readyKey(), String(READ_MODEL_VERSION));
}

/**
 * 'ready'; 'missing' (absent, or an older release's layout: rebuild it); or 'newer' (written by a
 * newer release during a rolling upgrade: this process must neither rebuild it nor read it).
 */
export async function readModelState(): Promise<'ready' | 'missing' | 'newer'> {
  const stored = Number((await rmRedis().get(readyKey())) ?? 0);
  if (stored === READ_MODEL_VERSION) return 'ready';
  return stored > READ_MODEL_VERSION ? 'newer' : 'missing';
}

export async function isReadModelReady(): Promise<boolean> {
  return (await readModelState()) === 'ready';
}

export async function rebuildProgress(): Promise<RebuildProgress | null> {
  const raw = await rmRedis().get(progressKey());
  return raw ? (JSON.parse(raw) as RebuildProgress) : null;
}

/** What a readiness check reports of the read model: its state, or how far its rebuild is. */
export type ReadModelReadiness = 'ready' | 'missing' | 'newer' | { rebuilding: RebuildProgress };

export async function readModelReadiness(): Promise<ReadModelReadiness> {
  const state = await readModelState();
  if (state !== 'missing') return state;
  const rebuilding = await rebuildProgress();
  return rebuilding ? { rebuilding } : 'missing';
}

const LOCK_SECONDS = 60;

/**
 * Runs `body` while holding the rebuild lock, or returns false at once when another process holds
 * it. The lock's lease is renewed while `body` runs, so a crashed holder frees it within a minute.
 */
export async function withRebuildLock(body: () => Promise<void>): Promise<boolean> {
  const redis = rmRedis();
  const token = `${process.pid}:${Date.now()}:${Math.random()}`;
  if (!(await redis.set(lockKey(), token, 'EX', LOCK_SECONDS, 'NX'))) return false;
  const lease = setInterval(() => void redis.expire(lockKey(), LOCK_SECONDS).catch(() => undefined), 10_000);
  try {
    await body();
  } finally {
    clearInterval(lease);
    if ((await redis.get(lockKey())) === token) await redis.del(lockKey());
  }
  return true;
}

/**
 * Makes sure the read model exists before a process serves: rebuilds it when missing, or waits for
 * the process that is rebuilding it. A process older than the read model's layout waits too, and
 * never rebuilds it: two releases must not take turns emptying each other's read model.
 */
/** How often a rebuild at start logs its progress. */
const REBUILD_REPORT_MS = 5_000;

export async function ensureReadModel(
  log: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void } = {
    info: () => undefined,
  },
  { reportEveryMs = REBUILD_REPORT_MS }: { reportEveryMs?: number } = {},
): Promise<void> {
  let warned = false;
  for (;;) {
    const state = await readModelState();
    if (state === 'ready') return;
    if (state === 'newer') {
      if (!warned)
        log.warn?.({ version: READ_MODEL_VERSION }, 'the read model has a newer layout: not serving');
      warned = true;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      continue;
    }
    if (await rebuildUnlessReady(log, reportEveryMs)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Rebuilds the read model under the rebuild lock, unless it is found ready once the lock is held:
 * another process may have finished its rebuild between this one's look and its lock (it then
 * rebuilt it again, emptying every list for the length of a rebuild). False when another process
 * holds the lock.
 */
export async function rebuildUnlessReady(
  log: { info(obj: object, msg: string): void },
  reportEveryMs = REBUILD_REPORT_MS,
): Promise<boolean> {
  return withRebuildLock(async () => {
    if ((await readModelState()) !== 'missing') return;
    log.info({}, 'read model missing: rebuilding it from MongoDB');
    const started = Date.now();
    // A grown forum takes minutes: say where the rebuild is, at most every few seconds.
    let reported = Date.now();
    await rebuildReadModel(({ source, done, total }) => {
      if (Date.now() - reported < reportEveryMs) return;
      reported = Date.now();
      log.info({ source, done, total }, `rebuilding the read model: ${source} ${done}/${total}`);
    });
    log.info({ ms: Date.now() - started }, 'read model rebuilt');
  });
}

/**
 * Keeps checking that the read model is there (Redis may be emptied or replaced under a running
 * process) and rebuilds it when it is not. Returns a function that stops watching.
 */
export function watchReadModel(
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  everyMs = 2000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    ensureReadModel(log)
      .catch((error: unknown) => log.warn({ err: error }, 'read model check failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
