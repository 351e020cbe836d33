/**
 * `npm run bench`: seeds a forum of a chosen size (or reuses one seeded before), starts the site as
 * `npm start` does on its own ports, data folder and Redis database, drives it with autocannon and
 * prints each row beside a Node `http` hello-world measured in the same run. Never a timed test:
 * run it on demand, read the ratios. The table also goes to `.bench/last.md`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import cliProgress from 'cli-progress';
import {
  clearKv,
  closeEventBus,
  connectDatabase,
  createRedis,
  scanKeys,
  disconnectDatabase,
  initEventBus,
  initKv,
  issueToken,
  type Redis,
} from '@forum/core';
import { dataDir, repoRoot } from '../paths';
import { freePort, waitForPort } from '../ports';
import { stopAllChildren } from '../process';
import { startServices, type Services } from '../services';
import { startRedisCluster, type LocalRedisCluster } from '../redis-cluster';
import { launchSite, type RunningSite, type SitePorts } from '../site';
import { buildIfStale } from '../web-build';
import { formatCapacityTable, readRequestCost, writeRequestCost, type RequestCost } from './capacity';
import {
  formatClusterTable,
  formatReadCostTable,
  formatTable,
  parseOptions,
  percentile,
  type BenchOptions,
  type ReadCost,
  type RowResult,
  formatBesideTables,
  type Target,
} from './report';
import { firstLoadJs } from './page-weight';
import { treeCpuMs, treeRssMb } from './proc';
import { formatProfileSummary, profiledEnv, startProfile, stopProfile, summarizeProfile } from './profiler';
import { measureRealtime } from './realtime';
import {
  collectTopicCursors,
  rotatingRequest,
  topicDetailPaths,
  topicListPaths,
  userProfilePaths,
} from './rotation';
import { redisServerPid, RedisUsageProbe, type RedisNode } from './redis-usage';
import { distinctQueries } from './search-queries';
import { seedForum, type Seeded } from './seed';
import { runSoak } from './soak';
import {
  commandTotals,
  createWriters,
  type CommandTotals,
  formatCostTable,
  formatWriteTable,
  measureWriteRow,
  warmUpWriteRow,
  type WriteRow,
  type WriteRowResult,
  type WriteRowRun,
  type Writer,
  writeRowName,
} from './writes';

const log = (line: string) => console.log(`[bench] ${line}`);

/** Search rows rotate over these; every one matches part of the seeded text (seed.ts SENTENCES). */
const ONE_WORD_QUERIES = ['语音', '识别', 'Conformer', '量化', '方言', '韵律', '热词', 'int8'];
const THREE_WORD_QUERIES = ['语音识别 流式 延迟', '热词 权重 解码', '方言 数据 增强', 'TTS 韵律 长句'];
/** More distinct queries than a row sends (both ports, warm-ups included), so the uncached row never repeats one. */
const UNCACHED_QUERIES = distinctQueries(100_000);

/** The database server the bench started for its forum (FerretDB's state is in the data folder). */
function databasePid(benchData: string): number | undefined {
  try {
    const found = execFileSync('pgrep', ['-f', '--', `--state-dir=${path.join(benchData, 'ferretdb')}`], {
      encoding: 'utf8',
    });
    return Number(found.trim().split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** The write rows' members and the next turn, kept beside the seeded forum for the next run. */
interface WritersFile {
  writers: Writer[];
  turn: number;
}

interface Row {
  name: string;
  /**
   * Every row goes through the public port (the web server, as every client does); API rows are
   * then measured again straight on the API's port, the second column.
   */
  via: 'api' | 'web';
  /** Request paths, rotated so a row does not measure one cached document. */
  paths: string[];
  /** Form bodies of a POST row, rotated as the paths are (legacy search is a form POST). */
  forms?: Record<string, string>[];
  headers?: Record<string, string>;
  /** Signed-in readers' tokens: one request in `signedInEvery` carries the next one (`X-User-Token`). */
  tokens?: string[];
  signedInEvery?: number;
  target?: Target;
  /** Run only with --cluster (the capacity model's inputs) or when --only names it. */
  capacityOnly?: boolean;
  /**
   * Rows measured while this one runs a second time, at `BESIDE_CONNECTIONS` each: whether the rest
   * of the site keeps its targets meanwhile.
   */
  beside?: readonly Row[];
}

/** Connections of each row measured beside another. */
const BESIDE_CONNECTIONS = 5;

/** One request in this many of a rotating row is a signed-in reader's. */
const SIGNED_IN_EVERY = 4;
/** Readers signed in for the rotating rows (the first seeded users). */
const READERS = 50;

/** Each write row first writes this long unmeasured, as each read row warms up (see `warmUpWriteRow`). */
const WRITE_WARM_UP_SECONDS = 3;

/** The write rows, after the read rows: their writes grow the forum the read rows measured. */
const WRITE_ROWS: WriteRow[] = [
  { kind: 'comment', connections: 20 },
  { kind: 'comment', connections: 100 },
  { kind: 'like', connections: 20 },
  { kind: 'like', connections: 100 },
  { kind: 'favorite', connections: 20 },
  { kind: 'follow', connections: 20 },
  { kind: 'topic', connections: 20 },
];

/** Where the measured run of a row reads what its requests cost: the Redis servers and the API's metrics. */
interface ReadProbes {
  redis: RedisUsageProbe;
  apiMetricsUrl: string;
}

/** Database commands the API sent between two readings of its metrics, every command counted. */
function commandsBetween(after: CommandTotals, before: CommandTotals): number {
  let total = 0;
  for (const [key, value] of after) total += value.count - (before.get(key)?.count ?? 0);
  return total;
}

/** `--profile`: each profiled row's summary, printed under the tables. */
const profileLines: string[] = [];

/** Runs `run` with `pids` profiled (when `--profile` asks for it), and keeps each summary. */
async function profiled<T>(
  options: BenchOptions,
  pids: { name: string; pid: number | undefined }[],
  run: () => Promise<T>,
): Promise<T> {
  const targets = options.profile ? pids.filter((target) => target.pid !== undefined) : [];
  for (const { pid } of targets) startProfile(pid!);
  try {
    return await run();
  } finally {
    for (const { name, pid } of targets) {
      const file = await stopProfile(pid!, name);
      if (file) profileLines.push('', formatProfileSummary(name, summarizeProfile(file), file));
      else log(`no profile came from ${name} (pid ${pid})`);
    }
  }
}

/** Where each row's rotation stands: the measured run goes on from where its warm-up stopped. */
const rotations = new Map<string, number>();

/**
 * One run of a row against `url`. `cpuPid`: the API process, whose CPU time (its tree's, from
 * /proc) during the run is divided by the requests answered.
 */
async function measure(
  url: string,
  row: Row,
  options: BenchOptions,
  warmUp: boolean,
  cpuPid?: number,
  probes?: ReadProbes,
  profileAs?: string,
): Promise<RowResult> {
  if (profileAs && !warmUp) {
    return profiled(options, [{ name: profileAs, pid: cpuPid }], () =>
      measure(url, row, options, warmUp, cpuPid, probes),
    );
  }
  let next = rotations.get(row.name) ?? 0;
  const probesBefore =
    probes && !warmUp
      ? { redis: await probes.redis.read(), db: await commandTotals(probes.apiMetricsUrl) }
      : undefined;
  const cpuBefore = cpuPid ? treeCpuMs(cpuPid) : 0;
  const latencies: number[] = [];
  let finished: (result: autocannon.Result) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const instance = autocannon(
    {
      url,
      connections: options.connections,
      duration: warmUp ? 3 : options.duration,
      headers: row.forms
        ? { ...row.headers, 'content-type': 'application/x-www-form-urlencoded' }
        : row.headers,
      requests: [
        {
          method: row.forms ? 'POST' : 'GET',
          setupRequest: (request) => {
            const turn = next++;
            const form = row.forms?.[turn % row.forms.length];
            const { path: requestPath, token } = rotatingRequest(row, turn);
            return {
              ...request,
              path: requestPath,
              ...(token && { headers: { ...request.headers, 'x-user-token': token } }),
              ...(form && { body: new URLSearchParams(form).toString() }),
            };
          },
        },
      ],
    },
    (error, result) => (error ? failed(error) : finished(result)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const bar = warmUp
    ? undefined
    : new cliProgress.SingleBar(
        {
          format: ` ${row.name.padEnd(28)} |{bar}| {value}/{total} s`,
          hideCursor: true,
          noTTYOutput: true,
          notTTYSchedule: 5000,
          clearOnComplete: true,
        },
        cliProgress.Presets.shades_classic,
      );
  bar?.start(options.duration, 0);
  const ticker = bar ? setInterval(() => bar.increment(), 1000) : undefined;
  const result = await done;
  const cpuMs = cpuPid ? treeCpuMs(cpuPid) - cpuBefore : undefined;
  let cost: ReadCost | undefined;
  if (probes && probesBefore) {
    const requests = result.requests.total;
    const redisAfter = await probes.redis.read();
    const dbAfter = await commandTotals(probes.apiMetricsUrl);
    cost = {
      requests,
      seconds: result.duration,
      redis: probes.redis.usage(probesBefore.redis, redisAfter),
      dbCommands: requests ? commandsBetween(dbAfter, probesBefore.db) / requests : 0,
      bytes: requests ? result.throughput.total / requests : 0,
    };
  }
  rotations.set(row.name, next);
  clearInterval(ticker);
  bar?.stop();
  latencies.sort((a, b) => a - b);
  return {
    name: row.name,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    apiCpuMs: cpuMs !== undefined && result.requests.total ? cpuMs / result.requests.total : undefined,
    ...(cost && { cost }),
  };
}

/** The site the rows are sent to: its public and API addresses and the API's process. */
interface SiteUnderTest {
  siteUrl: string;
  apiUrl: string;
  apiPid?: number;
  probes?: ReadProbes;
}

/**
 * Runs the read rows against one site. `door`: every row through the public port first, then each
 * API row again on the API's port (the default table); without it (`--cluster`) an API row is
 * measured on the API's port only and a page on the public port, which halves the time. The cost
 * probes are read around the run whose CPU figure the table shows.
 */
async function runReadRows(
  rows: readonly Row[],
  site: SiteUnderTest,
  options: BenchOptions,
  door: boolean,
  label: string,
): Promise<{ row: RowResult; target?: Target }[]> {
  const results: { row: RowResult; target?: Target }[] = [];
  for (const [index, row] of rows.entries()) {
    log(`${label}: ${row.name} (${index + 1}/${rows.length})`);
    const direct = row.via === 'api' && site.apiUrl !== site.siteUrl;
    let result: RowResult | undefined;
    if (door || !direct) {
      // Through the door first, as every client goes; then, for an API row, straight to the API.
      await measure(site.siteUrl, row, options, true);
      result = await measure(
        site.siteUrl,
        row,
        options,
        false,
        site.apiPid,
        direct ? undefined : site.probes,
        `${row.name}, API, public port`,
      );
    }
    if (direct) {
      await measure(site.apiUrl, row, options, true);
      const measured = await measure(
        site.apiUrl,
        row,
        options,
        false,
        site.apiPid,
        site.probes,
        `${row.name}, API, API's port`,
      );
      if (result) {
        const { name: _name, ...rest } = measured;
        result.direct = rest;
      } else result = measured;
    }
    const cost = result!.direct?.cost ?? result!.cost;
    if (row.via === 'web' && cost) cost.pageCacheHits = await pageCacheHits(site.siteUrl, row);
    if (door && row.beside?.length) {
      const beside = row.beside;
      log(`${label}: ${row.name} again, with ${beside.map((other) => other.name).join(', ')} beside it`);
      const besideOptions = { ...options, connections: BESIDE_CONNECTIONS };
      for (const other of beside) await measure(site.siteUrl, other, besideOptions, true);
      const [again, ...others] = await Promise.all([
        measure(site.siteUrl, row, options, false),
        ...beside.map((other) => measure(site.siteUrl, other, besideOptions, false)),
      ]);
      result!.beside = [
        { row: again, target: row.target },
        ...others.map((other, i) => ({ row: other, target: beside[i]!.target })),
      ];
    }
    results.push({ row: result!, target: row.target });
  }
  return results;
}

/**
 * Asks a page row's paths (at most 20) once more and counts the answers the page cache gave
 * (`x-page-cache: hit`): whether the row measured cached pages or renders.
 */
async function pageCacheHits(siteUrl: string, row: Row): Promise<{ hits: number; asked: number }> {
  const paths = row.paths.slice(0, 20);
  let hits = 0;
  for (const pagePath of paths) {
    const response = await fetch(`${siteUrl}${pagePath}`, { headers: row.headers });
    await response.arrayBuffer();
    if (response.headers.get('x-page-cache') === 'hit') hits++;
  }
  return { hits, asked: paths.length };
}

/** The one Redis at `redisUrl` as the probes see it (its process found by its port). */
function singleRedisNodes(redisUrl: string): RedisNode[] {
  const port = Number(new URL(redisUrl).port || 6379);
  return [{ label: 'redis', port, role: 'primary', pid: redisServerPid(port) }];
}

/** The cluster's six servers, primaries `p1`–`p3` and replicas `r1`–`r3`, in port order. */
async function clusterNodes(cluster: LocalRedisCluster): Promise<RedisNode[]> {
  const primaries = new Set(await cluster.primaries());
  let p = 0;
  let r = 0;
  return cluster.nodes.map((node) => {
    const primary = primaries.has(node.port);
    return {
      label: primary ? `p${++p}` : `r${++r}`,
      port: node.port,
      role: primary ? 'primary' : 'replica',
      pid: node.child.pid,
    };
  });
}

/**
 * A fresh cluster on a free block of ports; on a machine shared with other work a port found free
 * can be taken before the node listens on it, so a failed start is tried again on another block.
 */
async function startClusterRetrying(dir: string): Promise<LocalRedisCluster> {
  for (let attempt = 1; ; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    try {
      return await startRedisCluster({ dir, log });
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`the cluster did not start (${(error as Error).message}); trying other ports`);
    }
  }
}

/** Signs sessions in (one request each puts the session in Redis' cache), 20 at a time. */
async function warmSessions(apiUrl: string, tokens: readonly string[]): Promise<void> {
  for (let start = 0; start < tokens.length; start += 20) {
    await Promise.all(
      tokens
        .slice(start, start + 20)
        .map((userToken) => fetch(`${apiUrl}/api/user/current`, { headers: { 'x-user-token': userToken } })),
    );
  }
}

/** A Node `http` hello-world in its own process, the yardstick every row is divided by. */
async function startHelloWorld(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', `require('http').createServer((q, s) => s.end('hello world')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  );
  await waitForPort('127.0.0.1', port, 10_000);
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Bytes of the keys matching `pattern`: every key when few, else a sample scaled up. */
async function keyBytes(redis: Redis, pattern: string): Promise<number> {
  const keys: string[] = [];
  for await (const found of scanKeys(redis, pattern, 5000)) keys.push(...found);
  const sample = keys.length > 2000 ? keys.filter((_, i) => i % Math.ceil(keys.length / 2000) === 0) : keys;
  let bytes = 0;
  for (const key of sample) bytes += (await redis.memory('USAGE', key)) ?? 0;
  return sample.length ? (bytes * keys.length) / sample.length : 0;
}

async function readModelMemory(redisUrl: string, seeded: Pick<BenchOptions, 'topics' | 'comments'>) {
  const redis = createRedis(redisUrl);
  try {
    const topicBytes =
      (await keyBytes(redis, 'rm:{rm}:e:topic:*')) +
      (await keyBytes(redis, 'rm:{rm}:topics:*')) +
      (await keyBytes(redis, 'rm:{rm}:in:topic:*'));
    const commentBytes =
      (await keyBytes(redis, 'rm:{rm}:e:comment:*')) +
      (await keyBytes(redis, 'rm:{rm}:comments:*')) +
      (await keyBytes(redis, 'rm:{rm}:in:comment:*'));
    const info = await redis.info('memory');
    const used = Number(/used_memory:(\d+)/.exec(info)?.[1] ?? 0);
    return {
      perTopic: topicBytes / seeded.topics,
      perComment: commentBytes / seeded.comments,
      usedMb: used / 1048576,
    };
  } finally {
    redis.disconnect();
  }
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 1073741824)} GiB, Node ${process.version}`;
}

let services: Services | undefined;

// Interrupted: stop what was started, FerretDB included (two FerretDBs on one folder corrupt each other).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopAllChildren()
      .then(() => services?.stop())
      .finally(() => process.exit(130));
  });
}

/** First-load JavaScript of the pages with a budget (the topic page: 120 KB gzip), from the build just made. */
function pageWeightLine(): string {
  const clientDir = path.join(repoRoot, 'apps/web/build/client');
  const pages = [
    { name: '/topic/{id}', route: 'routes/topic.$id', budget: 120 },
    { name: '/', route: 'routes/home' },
  ];
  const parts = pages.map(({ name, route, budget }) => {
    const kb = firstLoadJs(clientDir, route).gzipBytes / 1024;
    const verdict = budget === undefined ? '' : ` (${kb <= budget ? '✓' : '✗'} ≤ ${budget} KB)`;
    return `${name} ${kb.toFixed(1)} KB${verdict}`;
  });
  return `First-load JavaScript, gzip, from the build's module preloads: ${parts.join(', ')}.`;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  let site: RunningSite | undefined;
  let siteUrl = options.url;
  let apiUrl = options.url ?? '';
  let seeded: Seeded | undefined;
  let token: string | undefined;
  /** Every seeded user's token, for the realtime row's sockets and comment authors. */
  const userTokens: string[] = [];
  /** The signed-in readers of the rotating rows. */
  const readerTokens: string[] = [];
  // Named "realtime" for --only, as the other rows are named by their first words.
  const wantsRealtime =
    !options.cluster &&
    (options.soak || !options.only || options.only.some((name) => 'realtime'.startsWith(name)));
  let redisUrl = '';
  const wants = (name: string) => !options.only || options.only.some((prefix) => name.startsWith(prefix));
  let writers: Writer[] = [];
  let workerHealthUrl = '';
  const writeTurn = { next: 0 };
  const signedInTokens = () =>
    [
      ...new Set([token ?? '', ...userTokens, ...readerTokens, ...writers.map((writer) => writer.token)]),
    ].filter(Boolean);
  let cluster: LocalRedisCluster | undefined;
  let redisProbe: RedisUsageProbe | undefined;
  const benchData = path.join(dataDir, `bench-${options.topics}-${options.comments}-${options.users}`);
  try {
    if (!siteUrl) {
      const marker = path.join(benchData, 'seeded.json');
      const reuse = existsSync(marker);
      mkdirSync(benchData, { recursive: true });
      // A Redis of its own when redis-server is installed: nothing else can empty it mid-run, and its
      // memory is the read model's. Otherwise database 11 of the shared one.
      services = await startServices({ dataDir: benchData, privateRedis: true });
      redisUrl =
        services.redisUrl === 'redis://127.0.0.1:6379' ? 'redis://127.0.0.1:6379/11' : services.redisUrl;
      await connectDatabase(services.mongoUrl);
      if (reuse) {
        seeded = JSON.parse(readFileSync(marker, 'utf8')) as Seeded;
        log(`reusing the forum seeded in ${path.relative(repoRoot, benchData)}`);
      } else {
        log(`seeding ${options.topics} topics, ${options.comments} comments, ${options.users} users…`);
        const started = Date.now();
        seeded = await seedForum(options);
        writeFileSync(marker, JSON.stringify(seeded));
        log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
      // Written before the site starts: a third process writing to FerretDB beside api and worker stalled it.
      token = (await issueToken(seeded.userIds[1]!, 1)).token;
      if (wantsRealtime) {
        log(`signing in ${seeded.userIds.length} users for the realtime row…`);
        for (const userId of seeded.userIds) userTokens.push((await issueToken(userId, 1)).token);
      }
      for (const userId of seeded.userIds.slice(0, READERS)) {
        readerTokens.push(userTokens[userId - 1] ?? (await issueToken(userId, 1)).token);
      }
      if (WRITE_ROWS.some((row) => wants(writeRowName(row)))) {
        const writersFile = path.join(benchData, 'writers.json');
        if (existsSync(writersFile)) {
          ({ writers, turn: writeTurn.next } = JSON.parse(readFileSync(writersFile, 'utf8')) as WritersFile);
        } else {
          log("creating the write rows' members and their sessions…");
          writers = await createWriters(seeded.userIds.length + 1, log);
          writeFileSync(writersFile, JSON.stringify({ writers, turn: 0 } satisfies WritersFile));
        }
      }
      const redis = createRedis(redisUrl);
      await redis.flushdb();
      redis.disconnect();
      log('building the web app…');
      await buildIfStale();
      const ports = { web: await freePort(), api: await freePort(), workerHealth: await freePort() };
      log('starting the site; the API rebuilds the read model before it is ready…');
      const started = Date.now();
      site = await launchSite({ ...services, redisUrl }, ports, {
        env: { LOG_LEVEL: 'warn', BASE_URL: `http://localhost:${ports.web}` },
        // BENCH_API_NODE_OPTIONS='--require <preload>' runs a preload in the API alone, e.g. one that
        // starts and stops `node:inspector`'s profiler on a signal (Node refuses `--cpu-prof` here).
        // `--profile` adds its own preload (profiler-preload.mjs) to both.
        apiEnv: options.profile
          ? profiledEnv(process.env.BENCH_API_NODE_OPTIONS)
          : process.env.BENCH_API_NODE_OPTIONS
            ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS }
            : undefined,
        // BENCH_WORKER_NODE_OPTIONS does the same for the worker.
        workerEnv: options.profile
          ? profiledEnv(process.env.BENCH_WORKER_NODE_OPTIONS)
          : process.env.BENCH_WORKER_NODE_OPTIONS
            ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS }
            : undefined,
        stdio: ['ignore', 'ignore', 'inherit'],
        readyTimeoutMs: 30 * 60_000,
      });
      log(`site ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      siteUrl = `http://127.0.0.1:${ports.web}`;
      apiUrl = `http://127.0.0.1:${ports.api}`;
      workerHealthUrl = `http://127.0.0.1:${ports.workerHealth}`;
      // The token was issued without Redis: one request puts its session in the cache, as signing
      // in does, before the worker's first count flush keeps the embedded database busy.
      await fetch(`${apiUrl}/api/user/current`, { headers: { 'x-user-token': token } });
      // The write rows' members too: a member who writes has signed in, and sign-in caches the session.
      await warmSessions(apiUrl, signedInTokens());
    }
    if (options.soak) {
      if (!site || !seeded) throw new Error('--soak needs a seeded site of its own (no --url)');
      const running = site;
      const lines = [
        `## npm run bench -- --soak — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        '',
        `Machine: ${machine()}. Forum: ${options.topics} topics, ${options.comments} comments, ${options.users} users.`,
        '',
        ...(await runSoak(
          {
            apiUrl,
            tokens: userTokens,
            topicIds: seeded.topicIds,
            // With the API in the web server's process (npm start's default) that process once.
            pids: (): Record<string, number> =>
              running.apiInProcess
                ? { 'api + web (one process)': running.api.current.pid!, worker: running.worker.current.pid! }
                : {
                    api: running.api.current.pid!,
                    worker: running.worker.current.pid!,
                    web: running.web.current.pid!,
                  },
          },
          { users: options.users, seconds: options.duration },
          log,
        )),
      ];
      const report = lines.join('\n');
      console.log(`\n${report}\n`);
      mkdirSync(path.join(repoRoot, '.bench'), { recursive: true });
      writeFileSync(path.join(repoRoot, '.bench/soak.md'), `${report}\n`);
      log('written to .bench/soak.md');
      return 0;
    }
    const topics = seeded?.topicIds ?? [1];
    const sample = (count: number) =>
      Array.from({ length: count }, (_, i) => topics[Math.floor((i * topics.length) / count)]!);
    const detailIds = sample(200);
    // The rotating rows' cursors: every topic's place in the activity list, read from the API.
    const cursors = wants('rotating: topic list')
      ? await collectTopicCursors(
          async (listPath) => (await fetch(`${apiUrl}${listPath}`)).json(),
          topics.length,
        )
      : [];
    const rotating = { tokens: readerTokens, signedInEvery: SIGNED_IN_EVERY };
    const allRows: Row[] = [
      { name: 'topic list', via: 'api', paths: ['/api/topic/topics'], target: { kind: 'api' } },
      {
        name: 'topic list, deep page',
        via: 'api',
        paths: [`/api/topic/topics?cursor=${seeded?.deepCursor ?? 0}`],
        target: { kind: 'api' },
      },
      {
        name: 'topic detail',
        via: 'api',
        paths: detailIds.map((id) => `/api/topic/${id}`),
        target: { kind: 'api' },
      },
      {
        name: 'comments (500-comment topic)',
        via: 'api',
        paths: [`/api/comment/comments?entityType=topic&entityId=${seeded?.busyTopicId ?? 1}`],
        target: { kind: 'api' },
      },
      {
        name: 'user profile',
        via: 'api',
        paths: (seeded?.userIds ?? [1]).slice(0, 100).map((id) => `/api/user/${id}`),
        target: { kind: 'api' },
      },
      {
        name: 'rotating: topic list',
        via: 'api',
        paths: topicListPaths(cursors),
        ...rotating,
        target: { kind: 'rotating' },
      },
      {
        name: 'rotating: topic detail',
        via: 'api',
        paths: topicDetailPaths(topics),
        ...rotating,
        target: { kind: 'rotating' },
      },
      {
        name: 'rotating: user profile',
        via: 'api',
        paths: userProfilePaths(seeded?.userIds ?? [1]),
        ...rotating,
        target: { kind: 'rotating' },
      },
      {
        name: 'search, one word',
        via: 'api',
        paths: ['/api/search/topic'],
        forms: ONE_WORD_QUERIES.map((keyword) => ({ keyword })),
        target: { kind: 'p95', p95: 50 },
      },
      {
        name: 'search, three words',
        via: 'api',
        paths: ['/api/search/topic'],
        forms: THREE_WORD_QUERIES.map((keyword) => ({ keyword })),
        target: { kind: 'p95', p95: 50 },
      },
      { name: '/ anonymous', via: 'web', paths: ['/'], target: { kind: 'p95', p95: 50 } },
      {
        name: '/topic/{id} anonymous',
        via: 'web',
        paths: detailIds.slice(0, 20).map((id) => `/topic/${id}`),
        target: { kind: 'p95', p95: 50 },
      },
      {
        name: '/topic/{id} signed in',
        via: 'web',
        paths: detailIds.slice(0, 20).map((id) => `/topic/${id}`),
        headers: token ? { cookie: `userToken=${token}` } : undefined,
        target: { kind: 'p95', p95: 300 },
      },
      {
        // Every topic's page in a striding order: more pages than the page cache keeps (1,000), so
        // each is rendered, as the long tail is and as every page is right after a write drops the
        // cache. For the capacity model: it runs with --cluster or when --only names it.
        name: 'rotating: /topic/{id} anonymous',
        via: 'web',
        paths: topicDetailPaths(topics).map((apiPath) => apiPath.replace('/api/topic/', '/topic/')),
        capacityOnly: true,
      },
      {
        // What a query costs the first time: distinct one-to-three-word queries, never repeated.
        // Last: rankings still queued when it ends would weigh on the rows after it.
        name: 'search, uncached',
        via: 'api',
        paths: ['/api/search/topic'],
        forms: UNCACHED_QUERIES.map((keyword) => ({ keyword })),
        target: { kind: 'p95', p95: 150 },
      },
    ];
    // Never-seen searches must not slow the rest of the site: lists, topics and pages beside them.
    const uncachedSearch = allRows.find((row) => row.name === 'search, uncached')!;
    uncachedSearch.beside = allRows.filter((row) =>
      ['topic list', 'topic detail', '/topic/{id} anonymous'].includes(row.name),
    );
    const rows = allRows.filter(
      (row) => wants(row.name) && (!row.capacityOnly || options.cluster || options.only),
    );
    const apiPid = site?.api.current.pid;

    // The yardstick is measured before and after the rows and the faster run is kept: a site that
    // has just started (a worker running its first jobs) slows a single measurement down.
    if (site && redisUrl) redisProbe = new RedisUsageProbe(singleRedisNodes(redisUrl));
    const probesOf = (url: string): ReadProbes | undefined =>
      redisProbe && { redis: redisProbe, apiMetricsUrl: `${url}/metrics` };

    const results: { row: RowResult; target?: Target }[] = [];
    /** The same rows on the Redis Cluster (`--cluster`). */
    const clusterResults: { row: RowResult; target?: Target }[] = [];
    let yardstick: RowResult | undefined;
    if (rows.length) {
      const hello = await startHelloWorld();
      const helloRow = { name: 'node http hello-world', via: 'web' as const, paths: ['/'] };
      await measure(hello.url, helloRow, options, true);
      const helloBefore = await measure(hello.url, helloRow, options, false);
      const door = !options.cluster;
      results.push(
        ...(await runReadRows(
          rows,
          { siteUrl, apiUrl, apiPid, probes: probesOf(apiUrl) },
          options,
          door,
          options.cluster ? 'one Redis' : 'read rows',
        )),
      );
      if (options.cluster && site && services && seeded) {
        // The same forum, the same API process count, a fresh 3-primary cluster instead of one Redis.
        for (const part of new Set([site.api, site.worker, site.web])) await part.stop();
        redisProbe?.close();
        const clusterDir = path.join(benchData, 'cluster');
        log('starting a Redis Cluster (3 primaries, 3 replicas)…');
        cluster = await startClusterRetrying(clusterDir);
        redisUrl = cluster.address;
        const ports: SitePorts = {
          web: await freePort(),
          api: await freePort(),
          workerHealth: await freePort(),
        };
        log('starting the site on the cluster; the API rebuilds the read model before it is ready…');
        site = await launchSite({ ...services, redisUrl }, ports, {
          env: {
            LOG_LEVEL: 'warn',
            BASE_URL: `http://localhost:${ports.web}`,
            REDIS_CLUSTER_NODES: cluster.nodeList,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
          readyTimeoutMs: 30 * 60_000,
        });
        siteUrl = `http://127.0.0.1:${ports.web}`;
        apiUrl = `http://127.0.0.1:${ports.api}`;
        workerHealthUrl = `http://127.0.0.1:${ports.workerHealth}`;
        await warmSessions(apiUrl, signedInTokens());
        redisProbe = new RedisUsageProbe(await clusterNodes(cluster));
        clusterResults.push(
          ...(await runReadRows(
            rows,
            { siteUrl, apiUrl, apiPid: site.api.current.pid, probes: probesOf(apiUrl) },
            options,
            false,
            'Redis Cluster',
          )),
        );
      }
      const helloAfter = await measure(hello.url, helloRow, options, false);
      hello.child.kill();
      yardstick = helloAfter.requestsPerSecond > helloBefore.requestsPerSecond ? helloAfter : helloBefore;
      results.unshift({ row: yardstick });
    }
    const writeResults: WriteRowResult[] = [];
    const writeRows = site && seeded ? WRITE_ROWS.filter((row) => wants(writeRowName(row))) : [];
    if (writeRows.length) {
      initEventBus({ redisUrl });
      const verifier = createRedis(redisUrl);
      initKv(verifier);
      if (!yardstick) {
        const hello = await startHelloWorld();
        const helloRow = { name: 'node http hello-world', via: 'web' as const, paths: ['/'] };
        await measure(hello.url, helloRow, options, true);
        yardstick = await measure(hello.url, helloRow, options, false);
        hello.child.kill();
        results.unshift({ row: yardstick });
      }
      for (const row of writeRows) {
        const run: WriteRowRun = { siteUrl, row, writers, topicIds: topics, turn: writeTurn };
        log(`${writeRowName(row)}: ${WRITE_WARM_UP_SECONDS} s of warm-up writes, not measured…`);
        await warmUpWriteRow(run, WRITE_WARM_UP_SECONDS);
        log(`${writeRowName(row)}…`);
        const pids = {
          api: site!.api.current.pid!,
          worker: site!.worker.current.pid!,
          database: databasePid(benchData),
        };
        const name = writeRowName(row);
        const result = await profiled(
          options,
          [
            { name: `${name}, API`, pid: pids.api },
            { name: `${name}, worker`, pid: pids.worker },
          ],
          () =>
            measureWriteRow(
              run,
              options.duration,
              {
                apiMetricsUrl: `${apiUrl}/metrics`,
                workerMetricsUrl: `${workerHealthUrl}/metrics`,
                pids,
                redis: redisProbe,
              },
              log,
            ),
        );
        log(
          `${result.name}: ${result.writesPerSecond.toFixed(0)}/s, p99 ${result.p99.toFixed(0)} ms, ` +
            `${result.errors} errors, worker lag ${result.workerLagSeconds.toFixed(1)} s`,
        );
        writeResults.push(result);
      }
      writeFileSync(
        path.join(benchData, 'writers.json'),
        JSON.stringify({ writers, turn: writeTurn.next } satisfies WritersFile),
      );
      await closeEventBus();
      clearKv();
      verifier.disconnect();
    }
    // Last, after the yardstick: its sockets and comments would weigh on the other rows.
    const notes: string[] = [];
    if (wantsRealtime && !site) log('the realtime row needs a seeded site of its own: skipped with --url');
    if (wantsRealtime && site && seeded) {
      // A row that fails says why below the table, and the rows measured before it are kept.
      try {
        const realtime = await measureRealtime(
          {
            apiUrl,
            apiPid: site.api.current.pid!,
            tokens: userTokens,
            topics: seeded.topicIds.length,
            redisUrl,
          },
          options,
        );
        results.push({ row: realtime.row, target: realtime.target });
        notes.push(...realtime.notes);
      } catch (error) {
        notes.push(`The realtime row failed: ${error instanceof Error ? error.message : String(error)}.`);
        log(notes.at(-1)!);
      }
    }

    /** The default report: every row through the door and on the API's port, then what a request cost. */
    const readLines = () => [
      formatTable(results, yardstick?.requestsPerSecond ?? 0),
      ...(results.some(({ row }) => row.cost || row.direct?.cost)
        ? [
            '',
            "What a request cost (API rows on the API's port, pages on the public port), Redis and database commands counted by the servers:",
            '',
            formatReadCostTable(results.map(({ row }) => row)),
          ]
        : []),
      ...formatBesideTables(
        results.map(({ row }) => row),
        BESIDE_CONNECTIONS,
      ),
    ];
    const clusterLines = () => {
      const one = results.filter(({ row }) => row.name !== yardstick?.name).map(({ row }) => row);
      const three = clusterResults.map(({ row }) => row);
      return [
        `Hello-world yardstick: ${Math.round(yardstick?.requestsPerSecond ?? 0)} req/s. The read rows on one Redis, then on a ` +
          'fresh Redis Cluster of 3 primaries and 3 replicas on the same machine, the same forum and one API process; ' +
          "API rows on the API's port, pages on the public port. Redis CPU ms is each redis-server's CPU time " +
          '(user + system) over the row (p = primary, r = replica); commands/req are INFO commandstats calls per request.',
        '',
        formatClusterTable(one, three),
        '',
        'What a request cost on the cluster:',
        '',
        formatReadCostTable(three),
        '',
        'What a request cost on one Redis:',
        '',
        formatReadCostTable(one),
      ];
    };
    const capacityLines = () => {
      // The cluster run's reads when there was one: its busiest primary is the figure that limits.
      const reads = (clusterResults.length ? clusterResults : results).map(({ row }) => readRequestCost(row));
      const costs = [...reads, ...writeResults.map(writeRequestCost)].filter(
        (cost): cost is RequestCost => cost !== undefined,
      );
      return [
        '',
        `Capacity from these figures (reads from the ${clusterResults.length ? 'cluster' : 'one-Redis'} run; see docs/capacity.md):`,
        '',
        formatCapacityTable(costs, [1000, 10_000]),
      ];
    };
    const lines = [
      `## npm run bench${options.cluster ? ' -- --cluster' : ''} — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `Machine: ${machine()}. Forum: ${options.topics} topics, ${options.comments} comments, ${options.users} users. ` +
        `${options.connections} connections, ${options.duration} s a row after a 3 s warm-up.` +
        (site
          ? site.apiInProcess
            ? " The API runs in the web server's process (npm start's default): the public port hands it the API's paths with no hop."
            : ' The API runs in a process of its own behind the kept-alive hop (API_IN_PROCESS=false).'
          : ''),
      '',
      ...(options.cluster ? clusterLines() : readLines()),
      ...(writeResults.length
        ? [
            '',
            `Writes, through the public URL, ${options.duration} s a row, each request by another signed-in member:`,
            '',
            formatWriteTable(writeResults, yardstick?.requestsPerSecond ?? 0),
            '',
            "What each acknowledged write cost, from the row's start until the worker had caught up:",
            '',
            formatCostTable(writeResults),
          ]
        : []),
      ...(options.cluster ? capacityLines() : []),
      ...notes.flatMap((note) => ['', note]),
      ...(profileLines.length
        ? [
            '',
            'CPU profiles of the measured seconds (`--profile`), self time of the busy samples:',
            ...profileLines,
          ]
        : []),
    ];
    if (!options.url) lines.push('', pageWeightLine());
    if (site && seeded && redisUrl) {
      // The key sizes are read on one Redis (a cluster's keys are on three primaries).
      const memory = cluster ? undefined : await readModelMemory(redisUrl, options);
      lines.push(
        '',
        ...(memory
          ? [
              `Read model in Redis: ${Math.round(memory.perTopic)} bytes per topic, ${Math.round(memory.perComment)} bytes per comment ` +
                `(sizes of their keys by MEMORY USAGE); Redis used_memory ${memory.usedMb.toFixed(1)} MB.`,
            ]
          : []),
        site.apiInProcess
          ? `RSS after the run: api + web (one process) ${treeRssMb(site.api.current.pid!).toFixed(0)} MB, ` +
              `worker ${treeRssMb(site.worker.current.pid!).toFixed(0)} MB.`
          : `RSS after the run: api ${treeRssMb(site.api.current.pid!).toFixed(0)} MB, worker ${treeRssMb(site.worker.current.pid!).toFixed(0)} MB, ` +
              `web ${treeRssMb(site.web.current.pid!).toFixed(0)} MB.`,
      );
    }
    const report = lines.join('\n');
    console.log(`\n${report}\n`);
    mkdirSync(path.join(repoRoot, '.bench'), { recursive: true });
    writeFileSync(path.join(repoRoot, '.bench/last.md'), `${report}\n`);
    log('written to .bench/last.md');
    return 0;
  } finally {
    redisProbe?.close();
    await stopAllChildren();
    await disconnectDatabase().catch(() => undefined);
    await services?.stop();
    if (!options.keep && !options.url && services && process.env.BENCH_DISCARD === '1')
      rmSync(benchData, { recursive: true, force: true });
  }
}

try {
  process.exit(await main());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAllChildren();
  process.exit(1);
}
