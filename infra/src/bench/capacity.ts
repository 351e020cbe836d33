/**
 * The capacity model's arithmetic: what a request of each measured row costs (API CPU, worker
 * CPU, database commands and CPU, Redis commands and CPU), weighted by a stated traffic mix, gives
 * what a rate of requests needs and which part stops first. The inputs come from the bench run
 * (`npm run bench -- --cluster`); docs/capacity.md shows a run's figures and reads them.
 */
import { costOf, type RowResult } from './report';
import type { RedisNodeUsage } from './redis-usage';
import type { WriteRowResult } from './writes';

/** What one request of a row cost, averaged over the row. */
export interface RequestCost {
  row: string;
  /** CPU of the API process (with the API in the web server's process, the page render too), ms. */
  apiCpuMs: number;
  /** CPU of the worker for the jobs the request caused (writes), ms. */
  workerCpuMs: number;
  /** Database commands (API and worker) and the database server's CPU, ms. */
  dbCommands: number;
  dbCpuMs: number;
  /** Redis commands (the primaries') and the CPU of all Redis primaries together, ms. */
  redisCommands: number;
  redisCpuMs: number;
  /** CPU of the busiest Redis primary (on a cluster; on one Redis the same as redisCpuMs), ms. */
  hotRedisCpuMs: number;
  /** Bytes of the answer, headers included. */
  bytes: number;
}

function redisFigures(nodes: readonly RedisNodeUsage[], requests: number) {
  const primaries = nodes.filter((node) => node.role === 'primary');
  const cpu = primaries.map((node) => node.cpuMs ?? 0);
  return {
    redisCommands: primaries.reduce((sum, node) => sum + node.commands, 0) / requests,
    redisCpuMs: cpu.reduce((sum, ms) => sum + ms, 0) / requests,
    hotRedisCpuMs: Math.max(0, ...cpu) / requests,
  };
}

/** A read row's cost per request, or undefined when the row was measured without its probes. */
export function readRequestCost(row: RowResult): RequestCost | undefined {
  const cost = costOf(row);
  const apiCpuMs = row.direct?.apiCpuMs ?? row.apiCpuMs;
  if (!cost || !cost.requests || apiCpuMs === undefined) return undefined;
  return {
    row: row.name,
    apiCpuMs,
    workerCpuMs: 0,
    dbCommands: cost.dbCommands,
    dbCpuMs: 0,
    ...redisFigures(cost.redis, cost.requests),
    bytes: cost.bytes,
  };
}

/**
 * A write row's cost per acknowledged write (`write: comment`, without the row's user count), the
 * worker's jobs for it included.
 */
export function writeRequestCost(row: WriteRowResult): RequestCost | undefined {
  const cost = row.cost;
  if (!cost) return undefined;
  return {
    row: row.name.split(',')[0]!,
    apiCpuMs: cost.cpuMs.api,
    workerCpuMs: cost.cpuMs.worker,
    dbCommands: cost.apiCommands + cost.workerCommands,
    dbCpuMs: cost.cpuMs.database,
    ...(cost.redis
      ? redisFigures(cost.redis, cost.writes)
      : { redisCommands: 0, redisCpuMs: 0, hotRedisCpuMs: 0 }),
    bytes: 0,
  };
}

/** One row's share of the traffic. */
export interface MixEntry {
  row: string;
  share: number;
}

/**
 * The stated traffic mix: 90% pages, 9% API reads, 1% writes. Pages are mostly a topic read
 * anonymously, half of them from the page cache and half rendered anew; API reads are the long
 * tail (rotating rows, no shared answer) and searches; writes are mostly comments and likes.
 */
export const TRAFFIC_MIX: readonly MixEntry[] = [
  { row: '/topic/{id} anonymous', share: 0.3 },
  // Half the topic pages rendered anew: the long tail, and every page after a write dropped the cache.
  { row: 'rotating: /topic/{id} anonymous', share: 0.3 },
  { row: '/topic/{id} signed in', share: 0.15 },
  { row: '/ anonymous', share: 0.15 },
  { row: 'rotating: topic detail', share: 0.03 },
  { row: 'rotating: topic list', share: 0.02 },
  { row: 'rotating: user profile', share: 0.01 },
  { row: 'topic list', share: 0.01 },
  { row: 'search, one word', share: 0.01 },
  { row: 'search, uncached', share: 0.01 },
  { row: 'write: comment', share: 0.005 },
  { row: 'write: like', share: 0.003 },
  { row: 'write: favourite', share: 0.001 },
  { row: 'write: topic', share: 0.001 },
];

/** How busy a process or server is planned to run: 70% of a core, the rest is headroom. */
export const PLANNED_UTILISATION = 0.7;

export interface CapacityNeed {
  rate: number;
  /** Cores (each a process of one Node event loop) the API needs, and processes at 70%. */
  apiCores: number;
  apiProcesses: number;
  workerCores: number;
  workerProcesses: number;
  redisCommandsPerSecond: number;
  /** Cores all Redis primaries burn together, and primaries needed if the load spread evenly. */
  redisCores: number;
  redisPrimaries: number;
  /** The busiest primary's cores: no count of primaries spreads what one hash slot holds. */
  hotRedisCores: number;
  dbCommandsPerSecond: number;
  /** The measured database server's cores (FerretDB on SQLite here: one writer, no sharding). */
  dbCores: number;
}

/** The mix's rows that were measured, with their shares scaled to add up to 1 again. */
export function measuredMix(
  mix: readonly MixEntry[],
  costs: readonly RequestCost[],
): { entry: MixEntry; cost: RequestCost }[] {
  const found = mix.flatMap((entry) => {
    const cost = costs.find((candidate) => candidate.row === entry.row);
    return cost ? [{ entry, cost }] : [];
  });
  const total = found.reduce((sum, { entry }) => sum + entry.share, 0);
  return found.map(({ entry, cost }) => ({ entry: { ...entry, share: entry.share / total }, cost }));
}

/** One request of the mix on average: each figure weighted by its row's share. */
export function averageCost(
  mix: readonly { entry: MixEntry; cost: RequestCost }[],
): Omit<RequestCost, 'row'> {
  const weighted = (figure: (cost: RequestCost) => number) =>
    mix.reduce((sum, { entry, cost }) => sum + entry.share * figure(cost), 0);
  return {
    apiCpuMs: weighted((cost) => cost.apiCpuMs),
    workerCpuMs: weighted((cost) => cost.workerCpuMs),
    dbCommands: weighted((cost) => cost.dbCommands),
    dbCpuMs: weighted((cost) => cost.dbCpuMs),
    redisCommands: weighted((cost) => cost.redisCommands),
    redisCpuMs: weighted((cost) => cost.redisCpuMs),
    hotRedisCpuMs: weighted((cost) => cost.hotRedisCpuMs),
    bytes: weighted((cost) => cost.bytes),
  };
}

const processesFor = (cores: number) => Math.max(1, Math.ceil(cores / PLANNED_UTILISATION));

/** What `rate` requests a second of the average request need. */
export function capacityFor(rate: number, average: Omit<RequestCost, 'row'>): CapacityNeed {
  const cores = (ms: number) => (rate * ms) / 1000;
  const redisCores = cores(average.redisCpuMs);
  return {
    rate,
    apiCores: cores(average.apiCpuMs),
    apiProcesses: processesFor(cores(average.apiCpuMs)),
    workerCores: cores(average.workerCpuMs),
    workerProcesses: processesFor(cores(average.workerCpuMs)),
    redisCommandsPerSecond: rate * average.redisCommands,
    redisCores,
    redisPrimaries: processesFor(redisCores),
    hotRedisCores: cores(average.hotRedisCpuMs),
    dbCommandsPerSecond: rate * average.dbCommands,
    dbCores: cores(average.dbCpuMs),
  };
}

/**
 * The rate (requests a second of the mix) at which each part that does not grow by adding
 * processes reaches 70% of one core: the busiest Redis primary and the database server. The
 * smallest is the first limit. API and worker processes are left out: more of them share the load.
 */
export function ceilings(average: Omit<RequestCost, 'row'>): { part: string; rate: number }[] {
  const ceiling = (ms: number) => (ms > 0 ? (PLANNED_UTILISATION * 1000) / ms : Infinity);
  return [
    { part: 'the busiest Redis primary', rate: ceiling(average.hotRedisCpuMs) },
    { part: 'the database server', rate: ceiling(average.dbCpuMs) },
  ].sort((a, b) => a.rate - b.rate);
}

const round = (value: number, digits = 1) =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(digits);

/** The capacity table for the given rates, as Markdown, with the first limit below it. */
export function formatCapacityTable(
  costs: readonly RequestCost[],
  rates: readonly number[],
  mix: readonly MixEntry[] = TRAFFIC_MIX,
): string {
  const used = measuredMix(mix, costs);
  if (used.length === 0) return 'No row of the traffic mix was measured: no capacity figures.';
  const average = averageCost(used);
  const needs = rates.map((rate) => capacityFor(rate, average));
  const line = (label: string, cell: (need: CapacityNeed) => string) =>
    `| ${label} | ${needs.map(cell).join(' | ')} |`;
  const missing = mix.filter((entry) => !used.some(({ entry: usedEntry }) => usedEntry.row === entry.row));
  const limits = ceilings(average);
  return [
    `| per second | ${needs.map((need) => `${need.rate.toLocaleString('en-US')} req/s`).join(' | ')} |`,
    `| --- | ${needs.map(() => '---:').join(' | ')} |`,
    line('API CPU (cores) → processes at 70%', (n) => `${round(n.apiCores)} → ${n.apiProcesses}`),
    line('worker CPU (cores) → processes', (n) => `${round(n.workerCores, 2)} → ${n.workerProcesses}`),
    line('Redis commands', (n) => round(n.redisCommandsPerSecond)),
    line(
      'Redis CPU, all primaries (cores) → primaries',
      (n) => `${round(n.redisCores, 2)} → ${n.redisPrimaries}`,
    ),
    line('busiest Redis primary (cores)', (n) => round(n.hotRedisCores, 2)),
    line('database commands', (n) => round(n.dbCommandsPerSecond)),
    line('database server CPU (cores)', (n) => round(n.dbCores, 2)),
    '',
    `Mix: ${used.map(({ entry }) => `${(entry.share * 100).toFixed(1)}% ${entry.row}`).join(', ')}` +
      (missing.length ? ` (not measured, left out: ${missing.map((entry) => entry.row).join(', ')})` : '') +
      '.',
    `Average request: API ${average.apiCpuMs.toFixed(3)} ms CPU, worker ${average.workerCpuMs.toFixed(3)} ms, ` +
      `${average.redisCommands.toFixed(1)} Redis commands (${(average.redisCpuMs * 1000).toFixed(0)} µs Redis CPU, ` +
      `${(average.hotRedisCpuMs * 1000).toFixed(0)} µs on the busiest primary), ${average.dbCommands.toFixed(2)} database commands ` +
      `(${(average.dbCpuMs * 1000).toFixed(0)} µs database CPU), ${Math.round(average.bytes)} bytes.`,
    `First limit (70% of one core): ${limits.map((limit) => `${limit.part} at ${Number.isFinite(limit.rate) ? `${round(limit.rate)} req/s` : 'no limit measured'}`).join('; ')}.`,
  ].join('\n');
}
