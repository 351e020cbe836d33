/** The pure parts of the benchmark: options, percentiles, targets and the printed table. */

export interface BenchOptions {
  topics: number;
  comments: number;
  users: number;
  url?: string;
  duration: number;
  connections: number;
  only?: string[];
  keep: boolean;
}

export function parseOptions(argv: string[]): BenchOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (name === 'keep') flags.add(name);
    else if (inline !== undefined) values.set(name, inline);
    else if (i + 1 < argv.length) values.set(name, argv[++i]!);
    else throw new Error(`--${name} needs a value`);
  }
  const known = new Set(['topics', 'comments', 'users', 'url', 'duration', 'connections', 'only']);
  for (const name of values.keys()) if (!known.has(name)) throw new Error(`unknown option --${name}`);
  const count = (name: string, fallback: number) => {
    const raw = values.get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Error(`--${name} must be a positive whole number`);
    return value;
  };
  const topics = count('topics', 10_000);
  return {
    topics,
    // Five comments a topic unless told otherwise: 10,000 topics → 50,000 comments.
    comments: count('comments', topics * 5),
    users: count('users', 200),
    url: values.get('url'),
    duration: count('duration', 20),
    connections: count('connections', 50),
    only: values.get('only')?.split(',').filter(Boolean),
    keep: flags.has('keep'),
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
}

export type Target = { kind: 'api' } | { kind: 'page'; p95: number };

/** Targets of the read-model issue: API rows ≥ 15% of hello-world, p99 < 100 ms, no errors; pages by p95. */
export function meetsTarget(row: RowResult, target: Target | undefined, helloRps: number): boolean | null {
  if (!target) return null;
  // A row that got no answer at all (every request slower than the row) meets nothing.
  if (row.errors > 0 || row.requestsPerSecond === 0) return false;
  if (target.kind === 'api') return row.requestsPerSecond >= 0.15 * helloRps && row.p99 < 100;
  return row.p95 < target.p95;
}

export function formatTable(rows: { row: RowResult; target?: Target }[], helloRps: number): string {
  const header = '| row | req/s | × hello | p50 ms | p95 ms | p99 ms | errors | target |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |';
  const lines = rows.map(({ row, target }) => {
    const met = meetsTarget(row, target, helloRps);
    const mark = met === null ? '' : met ? '✓' : '✗';
    const goal = !target ? '' : target.kind === 'api' ? '≥0.15×, p99<100' : `p95<${target.p95}`;
    return `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${(row.requestsPerSecond / helloRps).toFixed(3)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ${mark} ${goal} |`;
  });
  return [header, rule, ...lines].join('\n');
}
