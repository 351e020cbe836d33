/**
 * Crash test: many clients write (topics, comments, likes, favourites, follows, check-ins) to a
 * site of its own while its worker and API are killed with SIGKILL at random moments (the launcher's
 * supervisor restarts them); then, once the queues are idle, every side effect is counted from the
 * database: it must exist exactly once. `npm run chaos` ([--writes 1000] [--clients 40]); the infra
 * tests run a smaller one.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueueNames } from '@forum/contracts';
import {
  Comment,
  connectDatabase,
  createRedis,
  disconnectDatabase,
  EventRoutes,
  feedList,
  getQueue,
  initEventBus,
  initKv,
  issueToken,
  JobRun,
  kv,
  nextId,
  PendingEvent,
  pendingKey,
  readTopic,
  readUser,
  Topic,
  User,
  UserFollow,
  UserLike,
  UserScoreLog,
  type PendingEventDoc,
} from '@forum/core';
import { act, type Action } from './bench/soak';
import { freePort } from './ports';
import { stopAllChildren } from './process';
import { startServices, type Services } from './services';
import { buildWebApp, launchSite, type RunningSite } from './site';

export interface ChaosOptions {
  writes: number;
  clients: number;
  /** Where its own database and Redis live (emptied first). */
  dataDir: string;
  log: (line: string) => void;
}

export interface ChaosReport {
  attempted: number;
  succeeded: number;
  kills: { api: number; worker: number };
  lost: number;
  doubled: number;
  findings: string[];
  pendingExplained: number;
  failedJobs: number;
}

type Write = Action | 'favorite' | 'follow' | 'checkin';

async function makeUsers(count: number): Promise<{ id: number; token: string }[]> {
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

async function writeOnce(
  apiUrl: string,
  token: string,
  write: Write,
  target: number,
  userId: number,
  n: number,
): Promise<'ok' | 'retry' | 'refused'> {
  if (write === 'topic' || write === 'list') throw new Error('not a write');
  if (write === 'comment' || write === 'like' || write === 'post') {
    const outcome = await act(apiUrl, token, write, target, n);
    if (outcome.kind === 'ok') return 'ok';
    return outcome.kind === 'shed' || /fetch failed|aborted|502|503/.test(outcome.detail ?? '')
      ? 'retry'
      : 'refused';
  }
  const [path, form] = {
    favorite: ['/api/favorite/add', { entityType: 'topic', entityId: String(target) }],
    follow: ['/api/fans/follow', { userId: String(userId) }],
    checkin: ['/api/checkin/checkin', {}],
  }[write] as [string, Record<string, string>];
  try {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'x-user-token': token },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) return 'retry';
    const body = (await response.json()) as { success: boolean };
    return body.success ? 'ok' : 'refused';
  } catch {
    return 'retry';
  }
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { log } = options;
  rmSync(options.dataDir, { recursive: true, force: true });
  mkdirSync(options.dataDir, { recursive: true });
  let services: Services | undefined;
  let site: RunningSite | undefined;
  const redisPrefix = 'chaos:';
  try {
    // Its own FerretDB and Redis (when redis-server is installed): killing and checking touch nothing else.
    const env = { ...process.env };
    if (!process.env.CHAOS_SHARED_SERVICES) {
      delete process.env.MONGO_URL;
      delete process.env.REDIS_URL;
    }
    services = await startServices({ dataDir: options.dataDir, privateRedis: true, log });
    Object.assign(process.env, env);
    await connectDatabase(services.mongoUrl, 'chaos');
    const redis = createRedis(services.redisUrl);
    initKv(redis, redisPrefix);
    initEventBus({ redisUrl: services.redisUrl, prefix: redisPrefix });
    const users = await makeUsers(Math.max(4, Math.min(options.clients, 60)));
    if ((await buildWebApp()) !== 0) throw new Error('the web app did not build');
    const ports = { web: await freePort(), api: await freePort(), workerHealth: await freePort() };
    site = await launchSite(services, ports, {
      env: {
        MONGO_DB: 'chaos',
        REDIS_PREFIX: redisPrefix,
        BASE_URL: `http://localhost:${ports.web}`,
        LOG_LEVEL: 'warn',
        OWNER_PASSWORD: 'owner-password',
      },
      stdio: ['ignore', 'ignore', 'ignore'],
      readyTimeoutMs: 120_000,
      log,
      restart: { backoffMs: 500, maxBackoffMs: 1000 },
    });
    const running = site;
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    log(`site up; ${options.clients} clients make ${options.writes} writes while api and worker are killed`);

    const topics: number[] = [];
    const firstTopic = await writeOnce(apiUrl, users[0]!.token, 'post', 0, 0, 0);
    if (firstTopic !== 'ok') throw new Error('the first topic could not be posted');
    topics.push(...(await Topic.find({}, { _id: 1 }).lean()).map((t) => t._id as number));

    let attempted = 0;
    let succeeded = 0;
    const kills = { api: 0, worker: 0 };
    let writing = true;
    const kill = (part: 'api' | 'worker') => {
      const child = running[part].current;
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
        kills[part]++;
      } catch {
        // it died by itself meanwhile
      }
    };
    // Kills at random moments; a part is killed again only once it is back and has run a few seconds.
    const killer = (async () => {
      while (writing) {
        await sleep(3000 + Math.random() * 4000);
        if (writing) kill(Math.random() < 0.5 ? 'worker' : 'api');
      }
    })();
    // And at fixed points of the run, so a fast machine that finishes before the first random
    // moment still writes through a crash of each part.
    const progressKills = new Map<number, 'api' | 'worker'>([
      [Math.floor(options.writes * 0.25), 'worker'],
      [Math.floor(options.writes * 0.5), 'api'],
      [Math.floor(options.writes * 0.75), 'worker'],
    ]);
    const weights: [Write, number][] = [
      ['post', 0.12],
      ['comment', 0.4],
      ['like', 0.18],
      ['favorite', 0.12],
      ['follow', 0.12],
      ['checkin', 0.06],
    ];
    const pick = (): Write => {
      let roll = Math.random();
      for (const [write, weight] of weights) if ((roll -= weight) < 0) return write;
      return 'comment';
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: options.clients }, async (_, c) => {
        const user = users[c % users.length]!;
        while (next < options.writes) {
          const n = next++;
          const part = progressKills.get(n);
          if (part) kill(part);
          const write = pick();
          const target = topics[Math.floor(Math.random() * topics.length)]!;
          const other = users[Math.floor(Math.random() * users.length)]!.id;
          attempted++;
          // Retried while the API is down or shedding; a refusal (a rate limit, "已点赞") is final.
          for (let attempt = 0; attempt < 60; attempt++) {
            const result = await writeOnce(apiUrl, user.token, write, target, other, n);
            if (result === 'ok') {
              succeeded++;
              if (write === 'post') {
                const newest = await Topic.findOne({ userId: user.id }, { _id: 1 }).sort({ _id: -1 }).lean();
                if (newest) topics.push(newest._id as number);
              }
            }
            if (result !== 'retry') break;
            await sleep(500);
          }
        }
      }),
    );
    writing = false;
    await killer;
    log(`${attempted} writes (${succeeded} accepted); killed api ${kills.api}×, worker ${kills.worker}×`);

    // Done when no event waits for a job: every pending event's jobs have run.
    log('waiting for the queues to drain…');
    const deadline = Date.now() + 180_000;
    let unfinished: PendingEventDoc[] = [];
    while (Date.now() < deadline) {
      unfinished = [];
      for (const row of await PendingEvent.find({}).lean<PendingEventDoc[]>()) {
        const runs = await JobRun.countDocuments({
          _id: { $in: EventRoutes[row.type].map((route) => `${route.queue}/${row._id}`) },
        });
        if (runs < EventRoutes[row.type].length) unfinished.push(row);
      }
      // And the sweeper has settled every event due (an entry a killed writer left in an outbox is
      // listed there until its copy in pending_events has run).
      const due = await kv().zcount(pendingKey(), '-inf', String(Date.now()));
      if (unfinished.length === 0 && due === 0) break;
      await sleep(2000);
    }
    const report = await verify(unfinished);
    report.attempted = attempted;
    report.succeeded = succeeded;
    report.kills = kills;
    for (const queue of QueueNames)
      report.failedJobs += (await getQueue(queue).getJobCounts('failed')).failed ?? 0;
    await redis.quit();
    return report;
  } finally {
    await stopAllChildren();
    await disconnectDatabase().catch(() => undefined);
    await services?.stop();
  }
}

/** Counts every side effect from the database and the read model; each must exist exactly once. */
async function verify(unfinished: PendingEventDoc[]): Promise<ChaosReport> {
  const findings: string[] = [];
  let lost = 0;
  let doubled = 0;
  const tally = (what: string, expected: number, actual: number) => {
    if (actual < expected) lost += expected - actual;
    if (actual > expected) doubled += actual - expected;
    if (actual !== expected) findings.push(`${what}: expected ${expected}, found ${actual}`);
  };
  const topics = await Topic.find({ status: 0 }).lean();
  const comments = await Comment.find({}).lean();
  const likes = await UserLike.find({}).lean();
  const logs = await UserScoreLog.find({}).lean();
  const logCount = (type: string, id: unknown) =>
    logs.filter((row) => row.sourceType === type && row.sourceId === String(id)).length;
  for (const topic of topics) {
    const projected = await readTopic(topic._id as number);
    tally(`topic ${topic._id} in the read model`, 1, projected ? 1 : 0);
    const topicComments = comments.filter((c) => c.entityType === 'topic' && c.entityId === topic._id);
    tally(`topic ${topic._id} comment count`, topicComments.length, projected?.commentCount ?? 0);
    const topicLikes = likes.filter((l) => l.entityType === 'topic' && l.entityId === topic._id);
    tally(`topic ${topic._id} like count`, topicLikes.length, projected?.likeCount ?? 0);
    tally(`topic ${topic._id} score log`, 1, logCount('topic', topic._id));
  }
  for (const comment of comments.filter((c) => c.entityType === 'topic')) {
    tally(`comment ${comment._id} score log`, 1, logCount('comment', comment._id));
  }
  // Scores are counted in the read model (MongoDB gets them at the next count flush).
  for (const user of await User.find({}, { _id: 1 }).lean()) {
    const sum = logs.filter((row) => row.userId === user._id).reduce((total, row) => total + row.score, 0);
    tally(`user ${user._id} score`, sum, (await readUser(user._id as number))?.score ?? 0);
  }
  const redis = kv();
  for (const follow of await UserFollow.find({}).lean()) {
    const feed = new Set((await redis.zrange(feedList(follow.userId), '0', '-1')).map(Number));
    for (const topic of topics.filter((t) => t.userId === follow.otherId)) {
      tally(`topic ${topic._id} in the feed of ${follow.userId}`, 1, feed.has(topic._id as number) ? 1 : 0);
    }
  }
  lost += unfinished.length;
  for (const row of unfinished) findings.push(`event ${row.type} ${row._id}: a job has not run`);
  const pendingExplained = (await PendingEvent.countDocuments({})) - unfinished.length;
  return {
    attempted: 0,
    succeeded: 0,
    kills: { api: 0, worker: 0 },
    lost,
    doubled,
    findings,
    pendingExplained,
    failedJobs: 0,
  };
}

export function formatChaos(report: ChaosReport): string {
  return [
    `chaos: ${report.attempted} writes (${report.succeeded} accepted), api killed ${report.kills.api}×, worker killed ${report.kills.worker}×`,
    `lost: ${report.lost}, doubled: ${report.doubled}`,
    `pending_events left: ${report.pendingExplained} (every job of theirs ran; they leave at their next re-check)`,
    `failed jobs: ${report.failedJobs}`,
    ...report.findings.slice(0, 30).map((finding) => `  ${finding}`),
  ].join('\n');
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const value = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  const { dataDir } = await import('./paths');
  // Interrupted: stop what was started (two FerretDBs on one folder corrupt each other).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  const report = await runChaos({
    writes: value('writes', 1000),
    clients: value('clients', 40),
    dataDir: path.join(dataDir, 'chaos'),
    log: (line) => console.log(`[chaos] ${line}`),
  });
  console.log(formatChaos(report));
  process.exit(report.lost === 0 && report.doubled === 0 ? 0 : 1);
}
