/** The pure parts of the benchmark: options, percentiles, targets and the printed table. */
import type { RedisNodeUsage } from './redis-usage';

export interface BenchOptions {
  topics: number;
  comments: number;
  users: number;
  url?: string;
  duration: number;
  connections: number;
  only?: string[];
  keep: boolean;
  /** `--soak`: simulated users instead of the rows (`--users` of them for `--duration` seconds). */
  soak: boolean;
  /** Socket.io clients of the realtime row. */
  sockets: number;
  /** Comments a second posted in the realtime row. */
  rate: number;
  /** `--cluster`: the read rows on one Redis, then again on a fresh 3-primary Redis Cluster. */
  cluster: boolean;
  /** `--profile`: a CPU profile of the API over each measured row (and of the worker over each write row). */
  profile: boolean;
}

export function parseOptions(argv: string[]): BenchOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (['keep', 'soak', 'cluster', 'profile'].includes(name)) flags.add(name);
    else if (inline !== undefined) values.set(name, inline);
    else if (i + 1 < argv.length) values.set(name, argv[++i]!);
    else throw new Error(`--${name} needs a value`);
  }
  const known = new Set([
    'topics',
    'comments',
    'users',
    'url',
    'duration',
    'connections',
    'only',
    'sockets',
    'rate',
  ]);
  for (const name of values.keys()) if (!known.has(name)) throw new Error(`unknown option --${name}`);
  const count = (name: string, fallback: number) => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Error(`--${name} must be a positive whole number`);
    return value;
  };
  // The soak's defaults: 500 users for 10 minutes on a smaller forum.
  const soak = flags.has('soak');
  const topics = count('topics', soak ? 1000 : 10_000);
  return {
    soak,
    topics,
    // Five comments a topic unless told otherwise: 10,000 topics → 50,000 comments.
    comments: count('comments', topics * 5),
    users: count('users', soak ? 500 : 200),
    url: values.get('url'),
    duration: count('duration', soak ? 600 : 20),
    connections: count('connections', 50),
    // Row names hold ", " ("write: comment, 20 users"), so only a comma without a space after it
    // separates names: `--only "topic list,search, uncached"` names two rows.
    only: values
      .get('only')
      ?.split(/,(?! )/)
      .filter(Boolean),
    keep: flags.has('keep'),
    sockets: count('sockets', 1000),
    rate: count('rate', 20),
    cluster: flags.has('cluster'),
    profile: flags.has('profile'),
  };
}

/** The value below which `p` percent of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface RowResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Set for the realtime row, whose rate is comments posted a second. */
  realtime?: RealtimeCounts;
  /** Requests answered in the row. */
  requests?: number;
  /** CPU time of the API process (its tree) during the row, divided by the requests, in ms. */
  apiCpuMs?: number;
  /** The same row sent straight to the API's port, right after the row through the public port. */
  direct?: DirectResult;
  /** What the row's requests cost beyond the API's CPU, from the run the CPU figure comes from. */
  cost?: ReadCost;
  /** Other rows measured while this one ran again (see `Row.beside` in bench.ts), with their targets. */
  beside?: { row: RowResult; target?: Target }[];
}

/** Per-row figures for the capacity model, summed over the row's requests (divide by `requests`). */
export interface ReadCost {
  requests: number;
  /** Seconds the row ran. */
  seconds: number;
  /** Each Redis server's CPU and commands over the row. */
  redis: RedisNodeUsage[];
  /** Database commands the API sent, per request. */
  dbCommands: number;
  /** Bytes of the answers, headers included, per request. */
  bytes: number;
  /** A page row's paths asked once more right after the row: how many the page cache answered. */
  pageCacheHits?: { hits: number; asked: number };
}

/** An API row measured on the API's own port: the second column beside the public port's figure. */
export type DirectResult = Omit<RowResult, 'name' | 'direct' | 'realtime'>;

/** A row's cost figures: from the API-port run when there was one, else the public port's. */
export function costOf(row: RowResult): ReadCost | undefined {
  return row.direct?.cost ?? row.cost;
}

export interface RealtimeCounts {
  /** Sockets asked for, opened, and closed by the server or the network during the row. */
  sockets: number;
  connected: number;
  dropped: number;
  /** `message:unread` pushes due (each comment × its recipient's open sockets) and those that came. */
  expected: number;
  received: number;
}

export type Target =
  | { kind: 'api' }
  | { kind: 'p95'; p95: number }
  | { kind: 'realtime'; sockets: number; p95?: number }
  | { kind: 'rotating' };

/** An API row through the public port keeps at least half the API port's rate and at most twice its p99. */
export function meetsDoorTarget(row: RowResult): boolean | null {
  const direct = row.direct;
  if (!direct || !direct.requestsPerSecond) return null;
  return row.requestsPerSecond >= 0.5 * direct.requestsPerSecond && row.p99 <= 2 * direct.p99;
}

/** The figures a row's own target is read from: the API's port when it was measured there. */
function ownFigures(row: RowResult): DirectResult {
  return row.direct ?? row;
}

/** Targets of the realtime row: every socket held through the row; p95 < 100 ms up to 1,000 sockets. */
export function realtimeTarget(sockets: number): Target {
  return sockets <= 1000 ? { kind: 'realtime', sockets, p95: 100 } : { kind: 'realtime', sockets };
}

/** The realtime row's targets one by one: its sockets held, every comment answered and pushed, p95. */
export function realtimeChecks(row: RowResult, target: Extract<Target, { kind: 'realtime' }>) {
  const counts = row.realtime;
  const checks = [
    {
      goal: `${target.sockets} held`,
      met: !!counts && counts.connected >= target.sockets && counts.dropped === 0,
    },
    {
      goal: 'every push',
      met: !!counts && counts.expected > 0 && row.errors === 0 && counts.received === counts.expected,
    },
  ];
  if (target.p95 !== undefined) {
    checks.push({ goal: `p95<${target.p95}`, met: checks[1]!.met && row.p95 < target.p95 });
  }
  return checks;
}

/**
 * Targets of the read-model issue: API rows ≥ 15% of hello-world, p99 < 100 ms, no errors; pages and search by
 * p95. The realtime row holds all its sockets and receives every push it was due. Rotating rows (the
 * long tail, no shared answer) cost at most 0.5 ms of API CPU a request, at ≥ 5% of hello-world and
 * p99 < 50 ms. API rows are judged by their API-port figures when the row was measured there too.
 */
export function meetsTarget(row: RowResult, target: Target | undefined, helloRps: number): boolean | null {
  if (!target) return null;
  if (target.kind === 'realtime') return realtimeChecks(row, target).every((check) => check.met);
  const own = ownFigures(row);
  // A row that got no answer at all (every request slower than the row) meets nothing.
  if (own.errors > 0 || own.requestsPerSecond === 0 || row.errors > 0) return false;
  if (target.kind === 'api') return own.requestsPerSecond >= 0.15 * helloRps && own.p99 < 100;
  if (target.kind === 'rotating') {
    return (
      own.apiCpuMs !== undefined &&
      own.apiCpuMs <= 0.5 &&
      own.requestsPerSecond >= 0.05 * helloRps &&
      own.p99 < 50
    );
  }
  return row.p95 < target.p95;
}

function targetText(row: RowResult, target: Target | undefined, helloRps: number): string {
  if (!target) return '';
  if (target.kind === 'realtime') {
    return realtimeChecks(row, target)
      .map((check) => `${check.met ? '✓' : '✗'} ${check.goal}`)
      .join(', ');
  }
  const mark = meetsTarget(row, target, helloRps) ? '✓' : '✗';
  const goal =
    target.kind === 'api'
      ? '≥0.15×, p99<100'
      : target.kind === 'rotating'
        ? '≤0.5 ms CPU, ≥0.05×, p99<50'
        : `p95<${target.p95}`;
  const door = meetsDoorTarget(row);
  return `${mark} ${goal}${door === null ? '' : `; ${door ? '✓' : '✗'} door ≥0.5×, p99≤2×`}`;
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '–' : value.toFixed(digits);

/**
 * The table: each row through the public port (req/s, its ratio to hello-world, latencies, errors),
 * then, for API rows, the same row on the API's port (req/s, × hello, p50 / p99) and public ÷ API,
 * the API's CPU per request (from the API-port run when there was one) and the target.
 */
export function formatTable(rows: { row: RowResult; target?: Target }[], helloRps: number): string {
  const header =
    '| row | req/s | × hello | p50 ms | p95 ms | p99 ms | errors | API port req/s | × hello | p50 / p99 ms | public ÷ API | API CPU ms/req | target |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  // The realtime row posts comments at a set rate: its speed is not comparable to hello-world.
  const ratio = (row: RowResult, rps: number) =>
    row.realtime || !helloRps ? '–' : (rps / helloRps).toFixed(3);
  const lines = rows.map(({ row, target }) => {
    const direct = row.direct;
    const directCells = direct
      ? [
          `${Math.round(direct.requestsPerSecond)}`,
          ratio(row, direct.requestsPerSecond),
          `${direct.p50.toFixed(1)} / ${direct.p99.toFixed(1)}`,
          direct.requestsPerSecond ? (row.requestsPerSecond / direct.requestsPerSecond).toFixed(2) : '–',
        ]
      : ['–', '–', '–', '–'];
    const cells = [
      row.name,
      `${Math.round(row.requestsPerSecond)}`,
      ratio(row, row.requestsPerSecond),
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      row.p99.toFixed(1),
      `${row.errors + (direct?.errors ?? 0)}`,
      ...directCells,
      fixed(direct?.apiCpuMs ?? row.apiCpuMs, 3),
      targetText(row, target, helloRps),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [header, rule, ...lines].join('\n');
}

/**
 * A row measured beside another at a few connections: its answers stay within its latency target
 * (API rows p99 < 100 ms, pages their p95) with no errors; its rate is shared, so not judged.
 */
export function meetsBesideTarget(row: RowResult, target: Target | undefined): boolean | null {
  if (!target || target.kind === 'realtime') return null;
  if (row.errors > 0 || row.requestsPerSecond === 0) return false;
  if (target.kind === 'p95') return row.p95 < target.p95;
  return row.p99 < (target.kind === 'rotating' ? 50 : 100);
}

/**
 * The rows measured beside each row that has them: one table per such row, the row's own second
 * run first (`again`, its connections as in the main table), then each row beside it.
 */
export function formatBesideTables(rows: readonly RowResult[], connections: number): string[] {
  const line = (row: RowResult, target: Target | undefined, label = row.name) => {
    const met = meetsBesideTarget(row, target);
    const goal =
      target?.kind === 'p95' ? `p95<${target.p95}` : target?.kind === 'rotating' ? 'p99<50' : 'p99<100';
    const cells = [
      label,
      `${Math.round(row.requestsPerSecond)}`,
      row.p50.toFixed(1),
      row.p95.toFixed(1),
      row.p99.toFixed(1),
      `${row.errors}`,
      met === null ? '' : `${met ? '✓' : '✗'} ${goal}`,
    ];
    return `| ${cells.join(' | ')} |`;
  };
  return rows
    .filter((row) => row.beside?.length)
    .flatMap((row) => [
      '',
      `\`${row.name}\` run again with other rows beside it through the public port, ${connections} connections each:`,
      '',
      '| row | req/s | p50 ms | p95 ms | p99 ms | errors | target |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
      ...row.beside!.map(({ row: beside, target }, i) =>
        line(beside, target, i === 0 ? `${beside.name} (again)` : beside.name),
      ),
    ]);
}

/** One comment of the realtime row: who is told (the topic's author), who writes, and where. */
export interface PlannedComment {
  recipient: number;
  author: number;
  topicId: number;
}

/**
 * The `index`-th comment of the realtime row. Recipients take turns, so one recipient never has two
 * comments in flight (at 20 a second and 200 users, one every 10 s) and each push is known by the
 * count it carries. Authors take turns too, half the users apart, which keeps each under the
 * per-author rate limit. `topicOf(user, round)` names a topic of that user.
 */
export function plannedComment(
  index: number,
  users: number,
  topicOf: (userId: number, round: number) => number,
): PlannedComment {
  const recipient = 1 + (index % users);
  const author = 1 + ((index + Math.max(1, Math.floor(users / 2))) % users);
  return { recipient, author, topicId: topicOf(recipient, Math.floor(index / users)) };
}

/**
 * The highest steady comment rate (a second) at which authors taking turns stay at 80% of `limit`
 * comments per `windowSeconds`, a margin for a window that does not start with the row.
 */
export function maxCommentRate(users: number, limit: number, windowSeconds: number): number {
  return Math.max(1, Math.floor((0.8 * users * limit) / windowSeconds));
}

export interface PostedComment {
  recipient: number;
  sentAt: number;
  /** When the HTTP response arrived, ms since the epoch; latencies start here. */
  respondedAt: number;
  ok: boolean;
  /** The id the API answered with. */
  commentId?: number;
}

export interface Arrival {
  socket: number;
  userId: number;
  count: number;
  at: number;
}

export interface PushLatencies {
  /** Sorted, in ms: from each comment's HTTP response to each of its pushes. */
  latencies: number[];
  expected: number;
  received: number;
  /** Pushes that matched no comment of the row (a count nobody was due). */
  unexpected: number;
  /** When each comment's first push arrived. */
  firstArrivals: Map<PostedComment, number>;
}

/**
 * Matches `message:unread` pushes to the comments that caused them. A recipient's unread count was
 * `initialCounts` before the row, so its n-th comment (in the order they were posted) is told by the
 * push carrying count + n. `socketsOf` is how many sockets each user had open.
 */
export function pushLatencies(
  posts: readonly PostedComment[],
  arrivals: readonly Arrival[],
  initialCounts: ReadonlyMap<number, number>,
  socketsOf: ReadonlyMap<number, number>,
): PushLatencies {
  const due = new Map<string, PostedComment>();
  const seen = new Map<number, number>();
  let expected = 0;
  for (const post of [...posts].filter((p) => p.ok).sort((a, b) => a.sentAt - b.sentAt)) {
    const n = (seen.get(post.recipient) ?? 0) + 1;
    seen.set(post.recipient, n);
    due.set(`${post.recipient}:${(initialCounts.get(post.recipient) ?? 0) + n}`, post);
    expected += socketsOf.get(post.recipient) ?? 0;
  }
  const latencies: number[] = [];
  const firstArrivals = new Map<PostedComment, number>();
  const counted = new Set<string>();
  let unexpected = 0;
  for (const arrival of arrivals) {
    const post = due.get(`${arrival.userId}:${arrival.count}`);
    const key = `${arrival.socket}:${arrival.count}`;
    if (!post || counted.has(key)) {
      unexpected++;
      continue;
    }
    counted.add(key);
    latencies.push(arrival.at - post.respondedAt);
    firstArrivals.set(post, Math.min(firstArrivals.get(post) ?? Infinity, arrival.at));
  }
  latencies.sort((a, b) => a - b);
  return { latencies, expected, received: latencies.length, unexpected, firstArrivals };
}

const perRequest = (total: number, requests: number) => (requests ? total / requests : 0);

/** `p1 120 · p2 15 · r1 4`: each Redis server's figure over the row. */
function perNode(nodes: readonly RedisNodeUsage[], figure: (node: RedisNodeUsage) => number | undefined) {
  return nodes.map((node) => `${node.label} ${fixed(figure(node), 0)}`).join(' · ');
}

/**
 * What a request of each read row cost: Redis commands (the primaries', replicas only replay
 * writes) and Redis CPU, database commands, API CPU and bytes, each per request.
 */
export function formatReadCostTable(rows: readonly RowResult[]): string {
  const lines = [
    '| row | requests | Redis commands/req | Redis CPU µs/req | most run | database commands/req | API CPU ms/req | bytes/resp | page cache after |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const cost = costOf(row);
    if (!cost) continue;
    const primaries = cost.redis.filter((node) => node.role === 'primary');
    const commands = primaries.reduce((sum, node) => sum + node.commands, 0);
    const cpu = primaries.reduce((sum, node) => sum + (node.cpuMs ?? 0), 0);
    const top = new Map<string, number>();
    for (const node of primaries)
      for (const [name, count] of node.top) top.set(name, (top.get(name) ?? 0) + count);
    const most = [...top]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([name, count]) => `${name} ${perRequest(count, cost.requests).toFixed(1)}`)
      .join(', ');
    lines.push(
      `| ${row.name} | ${cost.requests} | ${perRequest(commands, cost.requests).toFixed(1)} | ` +
        `${(perRequest(cpu, cost.requests) * 1000).toFixed(0)} | ${most} | ${cost.dbCommands.toFixed(2)} | ` +
        `${fixed(row.direct?.apiCpuMs ?? row.apiCpuMs, 3)} | ${Math.round(cost.bytes)} | ` +
        `${cost.pageCacheHits ? `${cost.pageCacheHits.hits}/${cost.pageCacheHits.asked} hits` : '–'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The read rows on one Redis beside the same rows on the 3-primary cluster: rate, p99, API CPU
 * per request, then each Redis server's CPU over the row (ms) and the primaries' commands per
 * request, node by node, so what a cluster spreads and what stays on one primary shows.
 */
export function formatClusterTable(single: readonly RowResult[], cluster: readonly RowResult[]): string {
  const lines = [
    '| row | one Redis req/s | p99 ms | API CPU ms/req | Redis CPU ms | cluster req/s | p99 ms | API CPU ms/req | Redis CPU ms per node | commands/req per primary |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  const figures = (row: RowResult) => row.direct ?? row;
  for (const one of single) {
    const other = cluster.find((row) => row.name === one.name);
    const a = figures(one);
    const oneCost = costOf(one);
    const cells = [
      one.name,
      `${Math.round(a.requestsPerSecond)}`,
      a.p99.toFixed(1),
      fixed(a.apiCpuMs, 3),
      oneCost ? perNode(oneCost.redis, (node) => node.cpuMs).replace(/^redis /, '') : '–',
    ];
    if (other) {
      const b = figures(other);
      const cost = costOf(other);
      cells.push(
        `${Math.round(b.requestsPerSecond)}`,
        b.p99.toFixed(1),
        fixed(b.apiCpuMs, 3),
        cost ? perNode(cost.redis, (node) => node.cpuMs) : '–',
        cost
          ? cost.redis
              .filter((node) => node.role === 'primary')
              .map((node) => `${node.label} ${perRequest(node.commands, cost.requests).toFixed(1)}`)
              .join(' · ')
          : '–',
      );
    } else cells.push('–', '–', '–', '–', '–');
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
