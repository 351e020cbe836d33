/**
 * Crash test: many clients write (topics, comments, likes, favourites, follows, check-ins) to a
 * site of its own while something breaks — its worker and API killed with SIGKILL (the launcher's
 * supervisor restarts them), or its Redis or database restarted — then, once the queues are idle,
 * every side effect is counted (see `chaos-verify.ts`): each must exist exactly once, and every
 * accepted write must be stored. `npm run chaos` ([--writes 1000] [--clients 40]
 * [--redis-restart | --db-restart] [--primary-kill | --primary-pause [--slot '{rm}']
 * [--cluster-port 7600]]: a Redis Cluster primary failing midway, `chaos-failover.ts`); the infra
 * tests run smaller ones.
 */
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueueNames, routesOf } from '@forum/contracts';
import {
  closeEventBus,
  connectDatabase,
  createRedis,
  disconnectDatabase,
  getQueue,
  initEventBus,
  initKv,
  issueToken,
  flushLockKey,
  kv,
  nextId,
  User,
} from '@forum/core';
import { act } from './bench/soak';
import {
  failedSlot,
  failPrimary,
  PAUSE_MS,
  readsAnsweredWhilePaused,
  sampleReads,
  startFailoverCluster,
  type FailoverReport,
  type PrimaryFailure,
  type ReadSamples,
} from './chaos-failover';
import { unfinishedEvents, verify, type Accepted, type UnfinishedEvent } from './chaos-verify';
import { freePort } from './ports';
import { stopAllChildren } from './process';
import type { LocalRedisCluster } from './redis-cluster';
import { startServices, type Services } from './services';
import { launchSite, type RunningSite } from './site';
import { buildIfStale } from './web-build';

export type ChaosFault = 'kills' | 'redis-restart' | 'db-restart';

export interface ChaosOptions {
  writes: number;
  clients: number;
  /**
   * What goes wrong during the writes: SIGKILLs of the API and the worker (at fixed points of the
   * run and, with `randomKills`, at random moments too), or a restart of Redis (which comes back
   * empty) or of the database, halfway through.
   */
  fault: ChaosFault;
  randomKills?: boolean;
  /**
   * No fixed kill of the API: the failover tests leave it to the crash tests, as its restart is the
   * slowest part of a small run (its reads fail for 15-25 s), while the worker kills stay, as they
   * strand jobs of the queues on the failing node.
   */
  spareApi?: boolean;
  /** Where its own database and Redis live (emptied first). */
  dataDir: string;
  /**
   * A Redis to use instead of its own (`redis-cluster://…` for a Redis Cluster); the run's keys are
   * under `chaos:`. Not with the `redis-restart` fault.
   */
  redisUrl?: string;
  /**
   * On a Redis Cluster of its own (6 nodes, from `clusterBasePort` on), the primary of the points
   * queue's slot is killed, or that of the read model paused past the node timeout, at half the
   * writes (`chaos-failover.ts`), besides the fault; reads are sampled through the web port.
   */
  primaryFailure?: PrimaryFailure;
  /** The hash tag whose primary fails, when not the kind's own (`failedSlot`). */
  failedSlot?: string;
  clusterBasePort?: number;
  log: (line: string) => void;
}

export interface ChaosReport {
  fault: ChaosFault;
  attempted: number;
  succeeded: number;
  /** Why writes were refused (a rate limit, "你已签到" after a retry), by answer. */
  refusals: Record<string, number>;
  /** Answers 503 (load shedding, a part not ready) that the client retried. */
  retries: number;
  kills: { api: number; worker: number };
  restarts: number;
  /** Seconds from a restarted service's return until the API and the worker were ready again. */
  recoverySeconds?: number;
  lost: number;
  doubled: number;
  findings: string[];
  pendingExplained: number;
  /** Events some job of which had not run when the drain gave up (counted in `lost` too). */
  unfinishedEvents: number;
  failedJobs: number;
  failover?: FailoverReport & { reads: ReadSamples };
}

type Write = 'post' | 'comment' | 'like' | 'favorite' | 'follow' | 'checkin';

interface ChaosUser {
  id: number;
  token: string;
}

/**
 * Distinct people, a few writes each: as on a real site, no one person writes hundreds of times a
 * minute, so the per-user limits (10 comments a minute, 10 topics in 10 minutes) stay the
 * production ones and still let nearly every write through.
 */
const WRITES_PER_USER = 4;

/** How long the drain waits while events still finish; it gives up once none has for `DRAIN_STUCK_MS`. */
const DRAIN_LIMIT_MS = 600_000;
const DRAIN_STUCK_MS = 120_000;

/**
 * Waits until every recorded event's jobs have run, printing every 15 s how many are left and where
 * their jobs are, so a slow machine (the count falls) is told from a lost or stuck job (it does not).
 */
async function drain(log: (line: string) => void): Promise<UnfinishedEvent[]> {
  const started = Date.now();
  let unfinished = await unfinishedEvents();
  let fewest = unfinished.length;
  let lastProgress = Date.now();
  let lastPrint = Date.now();
  while (unfinished.length > 0) {
    const now = Date.now();
    if (now - started > DRAIN_LIMIT_MS || now - lastProgress > DRAIN_STUCK_MS) {
      log(`drain gave up after ${Math.round((now - started) / 1000)} s: ${await whereJobsAre(unfinished)}`);
      break;
    }
    if (now - lastPrint >= 15_000) {
      log(
        `draining: ${unfinished.length} events left after ${Math.round((now - started) / 1000)} s (${await whereJobsAre(unfinished)})`,
      );
      lastPrint = now;
    }
    await sleep(1000);
    unfinished = await unfinishedEvents();
    if (unfinished.length < fewest) [fewest, lastProgress] = [unfinished.length, Date.now()];
  }
  return unfinished;
}

/** The states of the unfinished events' jobs, by queue (`notify waiting 12, notify missing 3`). */
async function whereJobsAre(unfinished: UnfinishedEvent[]): Promise<string> {
  const states = new Map<string, number>();
  for (const event of unfinished.slice(0, 200)) {
    for (const route of routesOf(event.type)) {
      const job = await getQueue(route.queue).getJob(event.id);
      const state = `${route.queue} ${job ? await job.getState() : 'missing'}`;
      states.set(state, (states.get(state) ?? 0) + 1);
    }
  }
  return [...states].map(([state, n]) => `${state} ${n}`).join(', ');
}

async function makeUsers(count: number): Promise<ChaosUser[]> {
  const users = [];
  for (let i = 0; i < count; i++) {
    const id = await nextId('user');
    const now = Date.now();
    await User.create({
      _id: id,
      username: `chaos${id}`,
      usernameLower: `chaos${id}`,
      nickname: `混沌${id}`,
      createTime: now,
      updateTime: now,
    });
    users.push({ id, token: (await issueToken(id, 1)).token });
  }
  return users;
}

interface Outcome {
  result: 'ok' | 'retry' | 'refused';
  /** What the write created (a topic or comment id). */
  id?: number;
  detail?: string;
}

/** Answers a client retries: the API is down, restarting, shedding or not ready, or failed midway. */
const retryable = (detail: string) => /fetch failed|aborted|timeout|50\d|服务器异常/.test(detail);

async function writeOnce(
  apiUrl: string,
  token: string,
  write: Write,
  target: number,
  n: number,
): Promise<Outcome> {
  if (write === 'comment' || write === 'like' || write === 'post') {
    const outcome = await act(apiUrl, token, write, target, n);
    if (outcome.kind === 'ok') {
      return {
        result: 'ok',
        ...(outcome.id ? { id: outcome.id } : {}),
        ...(outcome.detail ? { detail: outcome.detail } : {}),
      };
    }
    const detail = outcome.detail ?? '503';
    return { result: outcome.kind === 'shed' || retryable(detail) ? 'retry' : 'refused', detail };
  }
  const [path, form] = {
    favorite: ['/api/favorite/add', { entityType: 'topic', entityId: String(target) }],
    follow: ['/api/fans/follow', { userId: String(target) }],
    checkin: ['/api/checkin/checkin', {}],
  }[write] as [string, Record<string, string>];
  try {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'x-user-token': token },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => null)) as { success: boolean; message?: string } | null;
    if (response.ok && body?.success) return { result: 'ok' };
    const detail = `${response.status} ${body?.message ?? ''}`.trim();
    return { result: retryable(detail) ? 'retry' : 'refused', detail };
  } catch (error) {
    return { result: 'retry', detail: (error as Error).message };
  }
}

/**
 * Chooses what each write does so that it can succeed: a like, favourite or follow of something
 * the user has not liked, favourited or followed yet, a check-in of someone not checked in today.
 * What cannot be found in a few tries becomes a comment.
 */
function planner(users: ChaosUser[], topics: number[]) {
  const weights: [Write, number][] = [
    ['post', 0.12],
    ['comment', 0.4],
    ['like', 0.18],
    ['favorite', 0.12],
    ['follow', 0.12],
    ['checkin', 0.06],
  ];
  const taken = new Set<string>();
  const random = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const claim = (key: string) => !taken.has(key) && !!taken.add(key);
  return (n: number): { user: ChaosUser; write: Write; target: number } => {
    const user = users[n % users.length]!;
    let roll = Math.random();
    const write = weights.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'comment';
    for (let attempt = 0; attempt < 5; attempt++) {
      const topic = random(topics);
      const other = random(users).id;
      if (write === 'like' && claim(`like:${user.id}:${topic}`)) return { user, write, target: topic };
      if (write === 'favorite' && claim(`favorite:${user.id}:${topic}`))
        return { user, write, target: topic };
      if (write === 'follow' && other !== user.id && claim(`follow:${user.id}:${other}`))
        return { user, write, target: other };
      if (write === 'checkin' && claim(`checkin:${user.id}`)) return { user, write, target: 0 };
      if (write === 'post' || write === 'comment') return { user, write, target: topic };
    }
    return { user, write: 'comment', target: random(topics) };
  };
}

/** Waits until the API and the worker both say they are ready; null if they are not within the limit. */
async function secondsUntilReady(urls: string[], limitMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const answers = await Promise.all(
      urls.map((url) =>
        fetch(url, { signal: AbortSignal.timeout(2000) }).then(
          (response) => response.ok,
          () => false,
        ),
      ),
    );
    if (answers.every(Boolean)) return (Date.now() - started) / 1000;
    await sleep(250);
  }
  return null;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log, fault } = options;
  rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  let services: Services | undefined;
  let site: RunningSite | undefined;
  let cluster: LocalRedisCluster | undefined;
  const redisPrefix = 'chaos:';
  try {
    // Its own FerretDB and Redis (when redis-server is installed): killing and checking touch nothing else.
    services = await startServices({
      dataDir: options.dataDir,
      own: !process.env.CHAOS_SHARED_SERVICES,
      privateRedis: true,
      log,
    });
    if (options.redisUrl) {
      if (fault === 'redis-restart') throw new Error('a given Redis cannot be restarted by the chaos run');
      services = { ...services, redisUrl: options.redisUrl };
    }
    if (options.primaryFailure) {
      if (fault !== 'kills') throw new Error('a cluster primary fails only in a run of kills');
      cluster = await startFailoverCluster(options.dataDir, options.clusterBasePort, log);
      services = { ...services, redisUrl: cluster.address };
    }
    const { restart } = services;
    await connectDatabase(services.mongoUrl, 'chaos');
    const redis = createRedis(services.redisUrl);
    // Its Redis may be restarted: the client reconnects, and says nothing meanwhile.
    redis.on('error', () => undefined);
    initKv(redis, redisPrefix);
    initEventBus({ redisUrl: services.redisUrl, prefix: redisPrefix });
    const users = await makeUsers(Math.max(options.clients, Math.ceil(options.writes / WRITES_PER_USER)));
    await buildIfStale();
    const siteLog = openSync(path.join(options.dataDir, 'site.log'), 'a');
    const ports = { web: await freePort(), api: await freePort(), workerHealth: await freePort() };
    site = await launchSite(services, ports, {
      env: {
        MONGO_DB: 'chaos',
        REDIS_PREFIX: redisPrefix,
        BASE_URL: `http://localhost:${ports.web}`,
        LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
        OWNER_PASSWORD: 'owner-password',
        // The jobs a killed worker held run again within seconds, not a minute.
        WORKER_STALLED_SECONDS: '4',
      },
      // The parts' logs (warnings and errors) go to one file, to read when a run is not clean.
      stdio: ['ignore', siteLog, siteLog],
      readyTimeoutMs: 120_000,
      log,
      restart: { backoffMs: 500, maxBackoffMs: 1000 },
    });
    const running = site;
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const readiness = [`${apiUrl}/readyz`, `http://127.0.0.1:${ports.workerHealth}/readyz`];
    log(
      `site up; ${options.clients} clients of ${users.length} users make ${options.writes} writes (${fault})`,
    );

    const accepted: Accepted = {
      topics: [],
      comments: [],
      likes: [],
      favorites: [],
      follows: [],
      checkIns: [],
      answers: new Map(),
    };
    const first = await writeOnce(apiUrl, users[0]!.token, 'post', 0, 0);
    if (first.result !== 'ok' || !first.id)
      throw new Error(`the first topic could not be posted: ${first.detail}`);
    const topics = [first.id];
    accepted.topics.push(first.id);
    const reads = options.primaryFailure
      ? sampleReads(`http://127.0.0.1:${ports.web}`, users[0]!.token, () => topics)
      : undefined;
    let failover: Promise<FailoverReport> | undefined;

    let attempted = 0;
    let succeeded = 0;
    let retries = 0;
    const refusals: Record<string, number> = {};
    const kills = { api: 0, worker: 0 };
    let restarts = 0;
    let recovery: Promise<number | null> | undefined;
    let writing = true;
    const kill = (part: 'api' | 'worker') => {
      if (part === 'api') reads?.mark('api killed');
      const child = running[part].current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
        kills[part]++;
      } catch {
        // it died by itself meanwhile
      }
    };
    // Kills at random moments, each once the site is whole again: killed faster than it starts, the
    // site would only ever be down.
    const killer = (async () => {
      while (writing && options.randomKills) {
        await sleep(4000 + Math.random() * 6000);
        if (!writing) break;
        kill(Math.random() < 0.5 ? 'worker' : 'api');
        await secondsUntilReady(readiness, 60_000);
      }
    })();
    // And at fixed points of the run, so a fast machine that finishes before the first random
    // moment still writes through a crash of each part (or of the service) while clients write.
    const at = (share: number) => Math.floor(options.writes * share);
    const failPrimaryAt = (() => {
      if (!cluster || !options.primaryFailure) return undefined;
      const failed = cluster;
      const kind = options.primaryFailure;
      return () => {
        reads?.mark('failover');
        failover = failPrimary(failed, kind, options.failedSlot ?? failedSlot[kind], log);
      };
    })();
    // With a primary failing at half the writes, the API and the worker die before it and the
    // worker once more after its end (waiting for it): the read errors of each are told apart, and
    // a pause's reads are not cut off by an API restart.
    const afterFailover = (part: 'api' | 'worker') => () =>
      void (failover ?? Promise.resolve()).catch(() => undefined).then(() => kill(part));
    const fixedKills: [number, () => void][] = failPrimaryAt
      ? [
          [at(0.2), () => kill('worker')],
          ...(options.spareApi ? [] : [[at(0.3), () => kill('api')] as [number, () => void]]),
          [at(0.5), failPrimaryAt],
          [at(0.8), afterFailover('worker')],
        ]
      : [
          [at(0.25), () => kill('worker')],
          [at(0.5), () => kill('api')],
          [at(0.75), () => kill('worker')],
        ];
    const faults = new Map<number, () => void>(
      fault === 'kills'
        ? fixedKills
        : [
            [
              at(0.4),
              () => {
                restarts++;
                log(`${fault === 'redis-restart' ? 'Redis' : 'the database'} crashes and comes back in 2 s`);
                recovery = restart!(fault === 'redis-restart' ? 'redis' : 'mongo', 2000).then(() =>
                  secondsUntilReady(readiness, 120_000),
                );
              },
            ],
          ],
    );
    const plan = planner(users, topics);
    let next = 0;
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (next < options.writes) {
          const n = next++;
          if (n > 0 && n % Math.ceil(options.writes / 10) === 0)
            log(`${n} writes begun, ${succeeded} accepted`);
          faults.get(n)?.();
          const { user, write, target } = plan(n);
          attempted++;
          // Retried while the API is down, shedding or not ready; a refusal ("你已签到") is final.
          const answers: string[] = [];
          for (let attempt = 0; attempt < 120; attempt++) {
            const outcome = await writeOnce(apiUrl, user.token, write, target, n);
            answers.push(`${outcome.result}${outcome.detail ? ` ${outcome.detail}` : ''}`);
            if (outcome.result === 'ok') {
              const label = { like: 'like', favorite: 'favourite', follow: 'follow' }[write as string];
              if (label) accepted.answers.set(`${label} ${user.id}:${target}`, answers);
              succeeded++;
              if (write === 'post' && outcome.id) topics.push(outcome.id);
              ({
                post: () => outcome.id && accepted.topics.push(outcome.id),
                comment: () => outcome.id && accepted.comments.push(outcome.id),
                like: () => accepted.likes.push(`${user.id}:${target}`),
                favorite: () => accepted.favorites.push(`${user.id}:${target}`),
                follow: () => accepted.follows.push(`${user.id}:${target}`),
                checkin: () => accepted.checkIns.push(user.id),
              })[write]();
            }
            if (outcome.result === 'refused') {
              const reason = `${write}: ${outcome.detail}`;
              refusals[reason] = (refusals[reason] ?? 0) + 1;
            }
            if (outcome.result !== 'retry') break;
            retries++;
            await sleep(500);
          }
          // Readers too: a topic's views are a counter MongoDB keeps a copy of.
          if (Math.random() < 0.25) await act(apiUrl, user.token, 'topic', topics[n % topics.length]!, n);
        }
      }),
    );
    writing = false;
    await killer;
    const recoverySeconds = await recovery;
    const failoverReport = await failover;
    const readSamples = await reads?.stop();
    log(
      `${attempted} writes (${succeeded} accepted, ${retries} retries); killed api ${kills.api}×, worker ${kills.worker}×`,
    );
    const readyAfterwards = (await secondsUntilReady(readiness, 120_000)) !== null;

    // Done when no event waits for a job: every job of every recorded event has run.
    log('waiting for the queues to drain…');
    const unfinished = await drain(log);
    // The count flush is checked once the worker is gone, so nothing flushes beside the check; a
    // worker killed while flushing left its lock behind.
    await running.worker.stop();
    await kv().del(flushLockKey());
    const verdict = await verify(accepted, unfinished);
    let failedJobs = 0;
    for (const queue of QueueNames) failedJobs += (await getQueue(queue).getJobCounts('failed')).failed ?? 0;
    await redis.quit();
    const findings = [...verdict.findings];
    if (recoverySeconds === null || !readyAfterwards)
      findings.unshift('the API or the worker was not ready again within 120 s');
    return {
      fault,
      attempted,
      succeeded,
      refusals,
      retries,
      kills,
      restarts,
      ...(recoverySeconds != null ? { recoverySeconds } : {}),
      lost: verdict.lost,
      doubled: verdict.doubled,
      findings,
      pendingExplained: verdict.pendingExplained,
      unfinishedEvents: unfinished.length,
      failedJobs,
      ...(failoverReport && readSamples ? { failover: { ...failoverReport, reads: readSamples } } : {}),
    };
  } finally {
    // The next run (a test file runs several) opens queues on its own Redis.
    await closeEventBus().catch(() => undefined);
    await stopAllChildren();
    await disconnectDatabase().catch(() => undefined);
    await services?.stop();
    await cluster?.stop();
  }
}

export function formatChaos(report: ChaosReport): string {
  const faults =
    report.fault === 'kills'
      ? `api killed ${report.kills.api}×, worker killed ${report.kills.worker}×`
      : `${report.fault === 'redis-restart' ? 'Redis' : 'the database'} restarted ${report.restarts}×` +
        (report.recoverySeconds !== undefined
          ? `, ready again ${report.recoverySeconds.toFixed(1)} s after`
          : '');
  return [
    `chaos: ${report.attempted} writes (${report.succeeded} accepted, ${report.retries} retried answers), ${faults}`,
    ...Object.entries(report.refusals).map(([reason, count]) => `  refused ${count}× ${reason}`),
    `lost: ${report.lost}, doubled: ${report.doubled}`,
    `pending_events left: ${report.pendingExplained} (every job of theirs ran; they leave at their next re-check)`,
    `events whose jobs did not all run: ${report.unfinishedEvents}; failed jobs: ${report.failedJobs}`,
    ...(report.failover ? formatFailover(report.failover) : []),
    ...report.findings.slice(0, 30).map((finding) => `  ${finding}`),
  ].join('\n');
}

function formatFailover(failover: FailoverReport & { reads: ReadSamples }): string[] {
  const { reads } = failover;
  return [
    `the ${failover.slot} primary (serving ${failover.served.join(' ')}) ${failover.kind === 'kill' ? 'killed' : `paused ${PAUSE_MS / 1000} s`}: ` +
      `its replica served ${failover.slot} ${failover.promotedSeconds.toFixed(1)} s after` +
      (failover.rejoinedSeconds !== null
        ? `; resumed, it was a replica in sync ${failover.rejoinedSeconds.toFixed(1)} s after; ` +
          `${readsAnsweredWhilePaused(failover, reads)} reads answered while it was still paused`
        : ''),
    `reads through the web port: ${reads.sampled} sampled`,
    ...Object.entries(reads.byCause).map(
      ([cause, window]) =>
        `  after ${cause}: ${window.reads} reads, ${window.failed} failed, longest failing stretch ` +
        `${window.longestFailingSeconds.toFixed(1)} s, slowest read ${window.slowestSeconds.toFixed(1)} s`,
    ),
  ];
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  const primaryFailure: PrimaryFailure | undefined = args.includes('--primary-kill')
    ? 'kill'
    : args.includes('--primary-pause')
      ? 'pause'
      : undefined;
  const fault: ChaosFault = args.includes('--redis-restart')
    ? 'redis-restart'
    : args.includes('--db-restart')
      ? 'db-restart'
      : 'kills';
  const { dataDir } = await import('./paths');
  // Interrupted: stop what was started (two FerretDBs on one folder corrupt each other).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  const report = await runChaos({
    writes: value('writes', 1000),
    clients: value('clients', 40),
    fault,
    randomKills: true,
    ...(primaryFailure ? { primaryFailure } : {}),
    ...(args.includes('--cluster-port') ? { clusterBasePort: value('cluster-port', 0) } : {}),
    ...(args.includes('--slot') ? { failedSlot: args[args.indexOf('--slot') + 1]! } : {}),
    dataDir: path.join(dataDir, 'chaos'),
    log: (line) => console.log(`[chaos] ${line}`),
  });
  console.log(formatChaos(report));
  process.exit(report.lost === 0 && report.doubled === 0 ? 0 : 1);
}
