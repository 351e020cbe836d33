/**
 * The write rows of `npm run bench`: signed-in users comment, like, favourite, follow and post
 * through the public URL, `connections` of them at a time, each request as a different member (so
 * the site's per-member rate limits, 10 comments a minute, are not what is measured). After each
 * row, every write the site answered success for is looked up in MongoDB and in the read model, and
 * the time the worker needs to finish the row's jobs (points, messages, feeds, search) is printed as
 * its lag.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Comment,
  Favorite,
  getQueue,
  indexCompleteKey,
  issueToken,
  kv,
  kvKey,
  readComment,
  readTopic,
  Topic,
  User,
  UserLike,
  favoriteIdOf,
  followRowId,
  likeIdOf,
  UserFollow,
} from '@forum/core';
import { QueueNames } from '@forum/contracts';
import { percentile } from './report';
import { treeCpuMs } from './proc';
import {
  primaryCommandsPerRequest,
  primaryTopCommandsPerRequest,
  type RedisNodeUsage,
  type RedisUsageProbe,
} from './redis-usage';

/** Where the bench reads what a write costs: the processes' metrics and CPU time. */
export interface CostProbes {
  apiMetricsUrl: string;
  workerMetricsUrl: string;
  /** Root pids of the API, the worker and the database server (FerretDB or mongod). */
  pids: { api: number; worker: number; database?: number };
  /** The Redis servers, whose commands and CPU per write are read too. */
  redis?: RedisUsageProbe;
}

/** What one acknowledged write cost, averaged over the row. */
export interface WriteCost {
  apiCommands: number;
  workerCommands: number;
  /** The commands' own time (sending to answer), summed, per write. */
  apiCommandMs: number;
  workerCommandMs: number;
  cpuMs: { api: number; worker: number; database: number };
  /** The API's commands per write by command and collection, most frequent first. */
  apiBreakdown: string;
  workerBreakdown: string;
  /** What each Redis server did per write (commands and CPU summed over the row; divide by writes). */
  redis?: RedisNodeUsage[];
  writes: number;
}

export type CommandTotals = Map<string, { count: number; seconds: number }>;

/** The `forum_db_command*` series of one process's metrics, by "command collection". */
export async function commandTotals(url: string): Promise<CommandTotals> {
  const totals: CommandTotals = new Map();
  // A worker restarted by its supervisor (or still starting) answers again within seconds.
  let response: Response | undefined;
  for (let attempt = 1; !response; attempt++) {
    response = await fetch(url).catch(async (error: unknown) => {
      if (attempt >= 20) throw new Error(`cannot read ${url}: ${(error as Error).message}`, { cause: error });
      await sleep(500);
      return undefined;
    });
  }
  const text = await response.text();
  for (const line of text.split('\n')) {
    const match = /^forum_db_command(s_total|_seconds_total)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(match[2]!)?.[1] ?? '';
    const key = `${label('command')} ${label('collection')}`;
    const entry = totals.get(key) ?? { count: 0, seconds: 0 };
    if (match[1] === 's_total') entry.count = Number(match[3]);
    else entry.seconds = Number(match[3]);
    totals.set(key, entry);
  }
  return totals;
}

export function difference(after: CommandTotals, before: CommandTotals, writes: number) {
  const rows = [...after].map(([key, value]) => ({
    key,
    count: (value.count - (before.get(key)?.count ?? 0)) / writes,
    ms: ((value.seconds - (before.get(key)?.seconds ?? 0)) * 1000) / writes,
  }));
  const used = rows.filter((row) => row.count >= 0.05).sort((a, b) => b.count - a.count);
  return {
    commands: used.reduce((sum, row) => sum + row.count, 0),
    ms: used.reduce((sum, row) => sum + row.ms, 0),
    breakdown: used.map((row) => `${row.count.toFixed(1)} ${row.key}`).join(', '),
  };
}

interface CostSnapshot {
  api: CommandTotals;
  worker: CommandTotals;
  cpu: { api: number; worker: number; database: number };
  redis?: Awaited<ReturnType<RedisUsageProbe['read']>>;
}

async function snapshot(probes: CostProbes): Promise<CostSnapshot> {
  return {
    api: await commandTotals(probes.apiMetricsUrl),
    worker: await commandTotals(probes.workerMetricsUrl),
    cpu: {
      api: treeCpuMs(probes.pids.api),
      worker: treeCpuMs(probes.pids.worker),
      database: probes.pids.database ? treeCpuMs(probes.pids.database) : 0,
    },
    ...(probes.redis && { redis: await probes.redis.read() }),
  };
}

function costOf(
  before: CostSnapshot,
  after: CostSnapshot,
  writes: number,
  redis: RedisUsageProbe | undefined,
): WriteCost {
  const api = difference(after.api, before.api, writes);
  const worker = difference(after.worker, before.worker, writes);
  const cpu = (name: keyof CostSnapshot['cpu']) => (after.cpu[name] - before.cpu[name]) / writes;
  return {
    apiCommands: api.commands,
    workerCommands: worker.commands,
    apiCommandMs: api.ms,
    workerCommandMs: worker.ms,
    cpuMs: { api: cpu('api'), worker: cpu('worker'), database: cpu('database') },
    apiBreakdown: api.breakdown,
    workerBreakdown: worker.breakdown,
    ...(redis && before.redis && after.redis && { redis: redis.usage(before.redis, after.redis) }),
    writes,
  };
}

export type WriteKind = 'comment' | 'like' | 'favorite' | 'follow' | 'topic';

export interface Writer {
  userId: number;
  token: string;
}

export interface WriteRow {
  kind: WriteKind;
  connections: number;
}

export interface WriteRowResult {
  name: string;
  writesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not success (rate limits included), with a few of their messages. */
  errors: number;
  errorSamples: string[];
  /** Acknowledged writes, and how many of them were found afterwards. */
  acknowledged: number;
  storedInDatabase: number;
  inReadModel: number;
  /** Seconds from the row's end until the worker had no job of it left, and failed jobs meanwhile. */
  workerLagSeconds: number;
  failedJobs: number;
  /** Per acknowledged write, measured from the row's start until the worker caught up. */
  cost?: WriteCost;
  /** Earlier writes the worker was still settling when the row began (it waited, then gave up). */
  unsettled?: Backlog;
}

/**
 * Writers are members of their own, added after the seeded ones. Their count is prime so that,
 * with the turn deciding both the member (turn mod writers) and the topic (turn mod topics), no
 * member likes or favourites one topic twice before writers × topics turns.
 */
export const WRITERS = 6007;

/** Creates the writer members (ids after `firstId`) and a session for each. Run before the site starts. */
export async function createWriters(firstId: number, log: (line: string) => void): Promise<Writer[]> {
  const now = Date.now();
  const docs = Array.from({ length: WRITERS }, (_, i) => {
    const id = firstId + i;
    return {
      _id: id,
      username: `writer${id}`,
      usernameLower: `writer${id}`,
      email: '',
      emailLower: `#${id}`,
      nickname: `写入用户${id}`,
      description: '',
      roles: [],
      status: 0,
      createTime: now,
      updateTime: now,
    };
  });
  for (let start = 0; start < docs.length; start += 2000) {
    await User.insertMany(docs.slice(start, start + 2000), { ordered: false, lean: true });
  }
  const writers: Writer[] = [];
  for (const doc of docs) {
    writers.push({ userId: doc._id, token: (await issueToken(doc._id, 30)).token });
    if (writers.length % 2000 === 0) log(`writer sessions: ${writers.length}/${docs.length}`);
  }
  return writers;
}

interface Answer {
  success?: boolean;
  message?: string;
  data?: { id?: number; topicId?: number; commentId?: number } | null;
}

interface Acknowledged {
  userId: number;
  /** The topic commented on, liked or favourited; for a follow, the member followed. */
  targetId: number;
  /** The created row's id, for comments and topics. */
  id?: number;
}

function requestOf(
  kind: WriteKind,
  targetId: number,
  turn: number,
): { path: string; form: Record<string, string> } {
  switch (kind) {
    case 'comment':
      return {
        path: '/api/comment/create',
        form: { entityType: 'topic', entityId: String(targetId), content: `写入测试评论 ${turn}` },
      };
    case 'like':
      return { path: `/api/topic/like/${targetId}`, form: {} };
    case 'favorite':
      return { path: '/api/favorite/add', form: { entityType: 'topic', entityId: String(targetId) } };
    case 'follow':
      return { path: '/api/fans/follow', form: { userId: String(targetId) } };
    case 'topic':
      return {
        path: '/api/topic/create',
        form: { type: '0', nodeId: '1', title: `写入测试话题 ${turn}`, content: `写入测试内容 ${turn}` },
      };
  }
}

const rowNames: Record<WriteKind, string> = {
  comment: 'write: comment',
  like: 'write: like',
  favorite: 'write: favourite',
  follow: 'write: follow',
  topic: 'write: topic',
};

/**
 * The member the writer of turn `turn` follows: another writer, at a distance that grows by one each
 * time the turns have gone round all writers, so no pair repeats within writers × (writers − 1)
 * turns (about 36 million) and every follow is a new one.
 */
export function followedBy(writers: readonly Writer[], turn: number): number {
  const count = writers.length;
  const distance = 1 + (Math.floor(turn / count) % (count - 1));
  return writers[(turn + distance) % count]!.userId;
}

/** A write row's name, as the report prints it and `--only` chooses it. */
export function writeRowName(row: WriteRow): string {
  return `${rowNames[row.kind]}, ${row.connections} users`;
}

/**
 * Jobs not done yet: waiting, running, and delayed (a retry's backoff) — except the next runs of
 * the worker's scheduled jobs, which are always there.
 */
async function pendingJobs(): Promise<{ pending: number; failed: number }> {
  let pending = 0;
  let failed = 0;
  for (const name of QueueNames) {
    const queue = getQueue(name);
    const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'failed');
    pending += (counts.waiting ?? 0) + (counts.active ?? 0) + (counts.prioritized ?? 0);
    const delayed = await queue.getJobs(['delayed']);
    pending += delayed.filter((job) => !job.repeatJobKey && !job.id?.startsWith('repeat:')).length;
    failed += counts.failed ?? 0;
  }
  return { pending, failed };
}

/** What was still to settle before a row: events due for the sweeper, and jobs not done. */
export interface Backlog {
  indexed: boolean;
  due: number;
  jobs: number;
}

async function backlog(): Promise<Backlog> {
  return {
    // The recovery scan's events are in the index only once it has finished.
    indexed: (await kv().exists(indexCompleteKey())) === 1,
    due: await kv().zcount(kvKey('outbox', 'pending'), '-inf', Date.now()),
    jobs: (await pendingJobs()).pending,
  };
}

const settled = (left: Backlog) => left.indexed && left.due === 0 && left.jobs === 0;

/** The backlog in words, for the progress lines and the report. */
export function describeBacklog(left: Backlog): string {
  return `${left.indexed ? '' : 'recovery scan under way, '}${left.due} events due, ${left.jobs} jobs`;
}

/** How long the wait before a row goes on without the backlog shrinking before it gives up. */
const SETTLE_STALL_MS = 120_000;

/**
 * Waits until the worker has no job and the sweeper no event due: a site started on an emptied
 * Redis first settles the writes of the hour before (the recovery scan in
 * docs/events-and-jobs.md), which would otherwise be counted against the row (a bench run within an
 * hour of another on the same forum has tens of thousands of them). Prints the backlog every 15 s,
 * and gives up only after two minutes without progress; returns the backlog it gave up on, which
 * the report prints beside the row, or undefined once settled.
 */
async function settledBefore(log?: (line: string) => void): Promise<Backlog | undefined> {
  let left = await backlog();
  let lastProgress = performance.now();
  let windowStart = performance.now();
  // Progress is judged on each 15 s window's smallest backlog, against the smallest window before
  // it: the sweeper moves events between "due" and "queued", so single samples dip and rise.
  let windowMin = Infinity;
  let bestWindowMin = Infinity;
  while (!settled(left)) {
    // A recovery scan under way is progress, however many events its index holds so far.
    if (left.indexed) windowMin = Math.min(windowMin, left.due + left.jobs);
    else lastProgress = performance.now();
    if (performance.now() - windowStart >= 15_000) {
      log?.(`waiting for the worker to settle earlier writes: ${describeBacklog(left)}`);
      if (windowMin < bestWindowMin) {
        bestWindowMin = windowMin;
        lastProgress = performance.now();
      }
      windowMin = Infinity;
      windowStart = performance.now();
    }
    if (performance.now() - lastProgress > SETTLE_STALL_MS) return left;
    await sleep(500);
    left = await backlog();
  }
  return undefined;
}

/** How many of the acknowledged writes MongoDB and the read model hold. */
async function verify(
  kind: WriteKind,
  acknowledged: Acknowledged[],
): Promise<{ stored: number; read: number }> {
  let stored = 0;
  let read = 0;
  for (let start = 0; start < acknowledged.length; start += 500) {
    const batch = acknowledged.slice(start, start + 500);
    if (kind === 'comment' || kind === 'topic') {
      const ids = batch.map((write) => write.id!).filter((id) => id !== undefined);
      stored +=
        kind === 'comment'
          ? await Comment.countDocuments({ _id: { $in: ids } })
          : await Topic.countDocuments({ _id: { $in: ids } });
      for (const id of ids) if (await (kind === 'comment' ? readComment(id) : readTopic(id))) read++;
      continue;
    }
    // Likes, favourites and follows answer no id: the read model names the row, which must be in
    // MongoDB.
    const rowIds: number[] = [];
    for (const write of batch) {
      const id =
        kind === 'like'
          ? await likeIdOf(write.userId, 'topic', write.targetId)
          : kind === 'favorite'
            ? await favoriteIdOf(write.userId, 'topic', write.targetId)
            : await followRowId(write.userId, write.targetId);
      if (id) rowIds.push(id);
    }
    read += rowIds.length;
    const model = kind === 'like' ? UserLike : kind === 'favorite' ? Favorite : UserFollow;
    stored += await (model as typeof UserLike).countDocuments({ _id: { $in: rowIds } });
  }
  return { stored, read };
}

/**
 * What a write row sends and to whom: its writers, the topics they write to, and the turn that goes
 * on across rows and runs (kept by the caller), so a member never repeats a like, favourite or
 * follow.
 */
export interface WriteRowRun {
  siteUrl: string;
  row: WriteRow;
  writers: readonly Writer[];
  topicIds: readonly number[];
  turn: { next: number };
}

/** One write as the row sent it: who, to what, how long it took, and what came back. */
interface WriteOutcome {
  write: Acknowledged;
  latencyMs: number;
  /** Set when the answer was not success (status and message, or the transport's error). */
  failure?: string;
}

/**
 * Sends the row's writes, `row.connections` at a time, until `until` (a `performance.now()` time),
 * each by the writer and to the target of the next turn.
 */
async function sendWrites(
  { siteUrl, row, writers, topicIds, turn }: WriteRowRun,
  until: number,
  onOutcome: (outcome: WriteOutcome) => void,
): Promise<void> {
  await Promise.all(
    Array.from({ length: row.connections }, async () => {
      while (performance.now() < until) {
        const current = turn.next++;
        const writer = writers[current % writers.length]!;
        const targetId =
          row.kind === 'follow' ? followedBy(writers, current) : topicIds[current % topicIds.length]!;
        const { path, form } = requestOf(row.kind, targetId, current);
        const sent = performance.now();
        const write: Acknowledged = { userId: writer.userId, targetId };
        let failure: string | undefined;
        try {
          const response = await fetch(`${siteUrl}${path}`, {
            method: 'POST',
            headers: { 'x-user-token': writer.token },
            body: new URLSearchParams(form),
            signal: AbortSignal.timeout(30_000),
          });
          const answer = (await response.json().catch(() => null)) as Answer | null;
          if (response.ok && answer?.success) {
            const id =
              row.kind === 'comment'
                ? (answer.data?.commentId ?? answer.data?.id)
                : row.kind === 'topic'
                  ? (answer.data?.topicId ?? answer.data?.id)
                  : undefined;
            if (id !== undefined) write.id = id;
          } else failure = `${response.status} ${answer?.message ?? ''}`.trim();
        } catch (error) {
          failure = (error as Error).message;
        }
        onOutcome({ write, latencyMs: performance.now() - sent, ...(failure !== undefined && { failure }) });
      }
    }),
  );
}

/**
 * Sends a row's writes for `seconds` without measuring them, so the measured run does not pay for
 * compiling the write's code path and filling the processes' caches (the first write row of a run
 * did, at up to twice the CPU a write). Its writes are real and count as the forum's; the measured
 * run waits until the worker has settled them.
 */
export async function warmUpWriteRow(run: WriteRowRun, seconds: number): Promise<void> {
  await sendWrites(run, performance.now() + seconds * 1000, () => {});
}

/** Runs one write row for `seconds` through the run's site URL. */
export async function measureWriteRow(
  run: WriteRowRun,
  seconds: number,
  probes?: CostProbes,
  log?: (line: string) => void,
): Promise<WriteRowResult> {
  const { row } = run;
  const latencies: number[] = [];
  const acknowledged: Acknowledged[] = [];
  const errorSamples = new Map<string, number>();
  let errors = 0;
  const unsettled = await settledBefore(log);
  if (unsettled)
    log?.(`${writeRowName(row)} runs beside a backlog that stopped shrinking: ${describeBacklog(unsettled)}`);
  const { failed: failedBefore } = await pendingJobs();
  const costBefore = probes && (await snapshot(probes));
  const started = performance.now();
  await sendWrites(run, started + seconds * 1000, (outcome) => {
    latencies.push(outcome.latencyMs);
    if (outcome.failure === undefined) acknowledged.push(outcome.write);
    else {
      errors++;
      errorSamples.set(outcome.failure, (errorSamples.get(outcome.failure) ?? 0) + 1);
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  const ended = performance.now();
  let jobs = await pendingJobs();
  while (jobs.pending > 0 && performance.now() - ended < 300_000) {
    await sleep(100);
    jobs = await pendingJobs();
  }
  const workerLagSeconds = (performance.now() - ended) / 1000;
  const cost =
    probes && costBefore && acknowledged.length
      ? costOf(costBefore, await snapshot(probes), acknowledged.length, probes.redis)
      : undefined;
  const { stored, read } = await verify(row.kind, acknowledged);
  latencies.sort((a, b) => a - b);
  return {
    name: writeRowName(row),
    writesPerSecond: acknowledged.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    errorSamples: [...errorSamples].map(([message, count]) => `${count}× ${message}`).slice(0, 3),
    acknowledged: acknowledged.length,
    storedInDatabase: stored,
    inReadModel: read,
    workerLagSeconds,
    failedJobs: jobs.failed - failedBefore,
    ...(cost && { cost }),
    ...(unsettled && { unsettled }),
  };
}

/** The write rows as a Markdown table, with each row's rate beside the hello-world's. */
export function formatWriteTable(results: readonly WriteRowResult[], yardstick: number): string {
  const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
  const lines = [
    '| write | writes/s | ÷ hello-world | p50 ms | p95 ms | p99 ms | errors | acknowledged → in MongoDB / read model | worker lag s |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of results) {
    const ratio = yardstick > 0 ? `${(row.writesPerSecond / yardstick).toFixed(4)}×` : '–';
    const found = `${row.acknowledged} → ${row.storedInDatabase} / ${row.inReadModel}`;
    lines.push(
      `| ${row.name} | ${row.writesPerSecond.toFixed(0)} | ${ratio} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ` +
        `${row.errors}${row.errorSamples.length ? ` (${row.errorSamples.join('; ')})` : ''} | ${found} | ` +
        `${row.workerLagSeconds.toFixed(1)}${row.failedJobs ? ` (${row.failedJobs} failed)` : ''} |`,
    );
  }
  const beside = results.filter((row) => row.unsettled);
  if (beside.length > 0) {
    lines.push('');
    for (const row of beside) {
      lines.push(
        `Not a measurement of the build: ${row.name} ran while the worker still settled earlier writes (${describeBacklog(row.unsettled!)}).`,
      );
    }
  }
  return lines.join('\n');
}

function redisCpuPerWrite(cost: WriteCost): string {
  const cpu = cost.redis?.filter((node) => node.cpuMs !== undefined);
  if (!cpu?.length) return '–';
  return (cpu.reduce((sum, node) => sum + node.cpuMs!, 0) / cost.writes).toFixed(2);
}

/** What each write cost: database commands and CPU per acknowledged write, as a Markdown table. */
export function formatCostTable(results: readonly WriteRowResult[]): string {
  const lines = [
    '| write | API commands | API command ms | worker commands | worker command ms | CPU ms: API / worker / database | Redis commands | Redis CPU ms, all nodes |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const { name, cost } of results) {
    if (!cost) continue;
    lines.push(
      `| ${name} | ${cost.apiCommands.toFixed(1)} | ${cost.apiCommandMs.toFixed(1)} | ${cost.workerCommands.toFixed(1)} | ` +
        `${cost.workerCommandMs.toFixed(1)} | ${cost.cpuMs.api.toFixed(1)} / ${cost.cpuMs.worker.toFixed(1)} / ${cost.cpuMs.database.toFixed(1)} | ` +
        `${cost.redis ? primaryCommandsPerRequest(cost.redis, cost.writes).toFixed(1) : '–'} | ${redisCpuPerWrite(cost)} |`,
    );
  }
  const details = results
    .filter((row) => row.cost)
    .map((row) => {
      const redis = row.cost!.redis
        ? primaryTopCommandsPerRequest(row.cost!.redis, row.cost!.writes)
            .map(([name, count]) => `${count.toFixed(1)} ${name}`)
            .join(', ')
        : '';
      return `- ${row.name}: API ${row.cost!.apiBreakdown}; worker ${row.cost!.workerBreakdown}${redis ? `; Redis ${redis}` : ''}.`;
    });
  return [
    ...lines,
    '',
    'Commands per write, by command and collection (Redis: the most frequent, all processes):',
    '',
    ...details,
  ].join('\n');
}
