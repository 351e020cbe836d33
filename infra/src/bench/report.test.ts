import { describe, expect, it } from 'vitest';
import {
  formatBesideTables,
  formatClusterTable,
  formatReadCostTable,
  formatTable,
  maxCommentRate,
  meetsBesideTarget,
  meetsDoorTarget,
  meetsTarget,
  parseOptions,
  percentile,
  plannedComment,
  pushLatencies,
  realtimeTarget,
  type PostedComment,
  type RowResult,
} from './report';

const row = (overrides: Partial<RowResult> = {}): RowResult => ({
  name: 'topics',
  requestsPerSecond: 3000,
  p50: 5,
  p95: 20,
  p99: 40,
  errors: 0,
  ...overrides,
});

describe('the benchmark', () => {
  it('judges rows run beside another by their latency alone, and prints them under the row', () => {
    expect(meetsBesideTarget(row({ requestsPerSecond: 10, p99: 99 }), { kind: 'api' })).toBe(true);
    expect(meetsBesideTarget(row({ p99: 100 }), { kind: 'api' })).toBe(false);
    expect(meetsBesideTarget(row({ p95: 49, p99: 400 }), { kind: 'p95', p95: 50 })).toBe(true);
    expect(meetsBesideTarget(row({ errors: 1 }), { kind: 'p95', p95: 50 })).toBe(false);
    expect(meetsBesideTarget(row(), undefined)).toBeNull();
    const lines = formatBesideTables(
      [
        row({ name: 'plain' }),
        row({
          name: 'search, uncached',
          beside: [
            { row: row({ name: 'search, uncached', p95: 120 }), target: { kind: 'p95', p95: 150 } },
            { row: row({ name: 'topic list', p99: 140 }), target: { kind: 'api' } },
          ],
        }),
      ],
      5,
    );
    expect(lines.join('\n')).toContain('`search, uncached` run again with other rows beside it');
    expect(lines).toContain('| search, uncached (again) | 3000 | 5.0 | 120.0 | 40.0 | 0 | ✓ p95<150 |');
    expect(lines).toContain('| topic list | 3000 | 5.0 | 20.0 | 140.0 | 0 | ✗ p99<100 |');
    expect(lines.join('\n')).not.toContain('plain');
  });

  it('reads its options, with five comments a topic by default', () => {
    expect(parseOptions([])).toMatchObject({
      topics: 10_000,
      comments: 50_000,
      users: 200,
      duration: 20,
      connections: 50,
    });
    expect(parseOptions(['--topics', '100000', '--only=topics,home', '--keep'])).toMatchObject({
      topics: 100_000,
      comments: 500_000,
      only: ['topics', 'home'],
      keep: true,
    });
    expect(parseOptions(['--only', 'topic list,search, uncached'])).toMatchObject({
      only: ['topic list', 'search, uncached'],
    });
    expect(() => parseOptions(['--topics', '-3'])).toThrow('--topics must be a positive whole number');
    expect(() => parseOptions(['--nope', '1'])).toThrow('unknown option --nope');
  });

  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });

  it('marks rows against their targets', () => {
    expect(meetsTarget(row(), { kind: 'api' }, 15_000)).toBe(true);
    expect(meetsTarget(row({ requestsPerSecond: 2000 }), { kind: 'api' }, 15_000)).toBe(false);
    expect(meetsTarget(row({ p99: 120 }), { kind: 'api' }, 15_000)).toBe(false);
    expect(meetsTarget(row({ errors: 1 }), { kind: 'p95', p95: 50 }, 15_000)).toBe(false);
    expect(meetsTarget(row({ p95: 60 }), { kind: 'p95', p95: 50 }, 15_000)).toBe(false);
    expect(meetsTarget(row({ requestsPerSecond: 0, p95: 0 }), { kind: 'p95', p95: 300 }, 15_000)).toBe(false);
    expect(meetsTarget(row(), undefined, 15_000)).toBeNull();
  });

  it('judges rotating rows by the API’s CPU a request, and API rows by their API-port figures', () => {
    const direct = { requestsPerSecond: 1000, p50: 10, p95: 20, p99: 40, errors: 0, apiCpuMs: 0.4 };
    const rotating = { kind: 'rotating' } as const;
    expect(meetsTarget(row({ direct }), rotating, 15_000)).toBe(true);
    expect(meetsTarget(row({ direct: { ...direct, apiCpuMs: 0.6 } }), rotating, 15_000)).toBe(false);
    expect(meetsTarget(row({ direct: { ...direct, p99: 60 } }), rotating, 15_000)).toBe(false);
    expect(meetsTarget(row({ direct: { ...direct, requestsPerSecond: 700 } }), rotating, 15_000)).toBe(false);
    expect(meetsTarget(row({ direct: { ...direct, apiCpuMs: undefined } }), rotating, 15_000)).toBe(false);
    // The public port's figure is slower, but the API row's target is the API port's.
    expect(
      meetsTarget(
        row({ requestsPerSecond: 100, direct: { ...direct, requestsPerSecond: 3000 } }),
        { kind: 'api' },
        15_000,
      ),
    ).toBe(true);
    expect(meetsDoorTarget(row({ direct }))).toBe(true);
    expect(meetsDoorTarget(row({ direct: { ...direct, requestsPerSecond: 7000 } }))).toBe(false);
    expect(meetsDoorTarget(row({ direct: { ...direct, p99: 19 } }))).toBe(false);
    expect(meetsDoorTarget(row())).toBeNull();
  });

  it('prints a markdown table with the ratio to hello-world, and the API port beside the public one', () => {
    const table = formatTable(
      [
        { row: row({ apiCpuMs: 1.25 }), target: { kind: 'p95', p95: 50 } },
        {
          row: row({
            name: 'topic list',
            direct: { requestsPerSecond: 4500, p50: 3, p95: 9, p99: 12, errors: 1, apiCpuMs: 0.2 },
          }),
          target: { kind: 'api' },
        },
      ],
      15_000,
    );
    expect(table).toContain(
      '| topics | 3000 | 0.200 | 5.0 | 20.0 | 40.0 | 0 | – | – | – | – | 1.250 | ✓ p95<50 |',
    );
    expect(table).toContain(
      '| topic list | 3000 | 0.200 | 5.0 | 20.0 | 40.0 | 1 | 4500 | 0.300 | 3.0 / 12.0 | 0.67 | 0.200 | ✗ ≥0.15×, p99<100; ✗ door ≥0.5×, p99≤2× |',
    );
  });

  it('reads the realtime row’s options, 1,000 sockets and 20 comments a second by default', () => {
    expect(parseOptions([])).toMatchObject({ sockets: 1000, rate: 20 });
    expect(parseOptions(['--sockets', '10000', '--rate=5'])).toMatchObject({ sockets: 10_000, rate: 5 });
  });

  it('has recipients and authors take turns, never commenting on their own topic', () => {
    const plans = Array.from({ length: 400 }, (_, k) =>
      plannedComment(k, 200, (user, round) => user + 200 * round),
    );
    expect(plans[0]).toEqual({ recipient: 1, author: 101, topicId: 1 });
    expect(plans[200]).toEqual({ recipient: 1, author: 101, topicId: 201 });
    expect(plans.every((plan) => plan.author !== plan.recipient)).toBe(true);
    const perAuthor = new Map<number, number>();
    for (const plan of plans) perAuthor.set(plan.author, (perAuthor.get(plan.author) ?? 0) + 1);
    expect([...perAuthor.values()].every((count) => count === 2)).toBe(true);
    expect(plannedComment(1, 2, (user) => user)).toEqual({ recipient: 2, author: 1, topicId: 2 });
  });

  it('keeps authors taking turns at 80% of the per-author rate limit', () => {
    expect(maxCommentRate(200, 10, 60)).toBe(26);
    expect(maxCommentRate(2, 10, 60)).toBe(1);
  });

  it('matches each push to its comment by the unread count it carries', () => {
    const post = (recipient: number, sentAt: number, ok = true): PostedComment => ({
      recipient,
      sentAt,
      respondedAt: sentAt + 10,
      ok,
    });
    const posts = [post(1, 0), post(2, 5), post(1, 1000), post(2, 1005, false)];
    const result = pushLatencies(
      posts,
      [
        { socket: 0, userId: 1, count: 4, at: 40 },
        { socket: 2, userId: 1, count: 4, at: 45 },
        { socket: 1, userId: 2, count: 1, at: 20 },
        { socket: 0, userId: 1, count: 5, at: 1030 },
        { socket: 0, userId: 1, count: 5, at: 1031 },
        { socket: 1, userId: 2, count: 2, at: 1100 },
      ],
      new Map([
        [1, 3],
        [2, 0],
      ]),
      new Map([
        [1, 2],
        [2, 1],
      ]),
    );
    expect(result.expected).toBe(5);
    expect(result.received).toBe(4);
    expect(result.unexpected).toBe(2);
    expect(result.latencies).toEqual([5, 20, 30, 35]);
    expect(result.firstArrivals.get(posts[0]!)).toBe(40);
  });

  it('marks the realtime row: every socket held, every push received, p95 under 100 ms up to 1,000 sockets', () => {
    const realtime = (overrides: Partial<NonNullable<RowResult['realtime']>> = {}) =>
      row({
        name: 'realtime (1000 sockets)',
        requestsPerSecond: 20,
        p95: 60,
        realtime: {
          sockets: 1000,
          connected: 1000,
          dropped: 0,
          expected: 2000,
          received: 2000,
          ...overrides,
        },
      });
    expect(meetsTarget(realtime(), realtimeTarget(1000), 0)).toBe(true);
    expect(meetsTarget(realtime({ dropped: 1 }), realtimeTarget(1000), 0)).toBe(false);
    expect(meetsTarget(realtime({ connected: 999 }), realtimeTarget(1000), 0)).toBe(false);
    expect(meetsTarget({ ...realtime(), p95: 150 }, realtimeTarget(1000), 0)).toBe(false);
    expect(
      meetsTarget(
        { ...realtime({ sockets: 10_000, connected: 10_000 }), p95: 150 },
        realtimeTarget(10_000),
        0,
      ),
    ).toBe(true);
    expect(formatTable([{ row: realtime(), target: realtimeTarget(1000) }], 0)).toContain(
      '| realtime (1000 sockets) | 20 | – | 5.0 | 60.0 | 40.0 | 0 | – | – | – | – | – | ✓ 1000 held, ✓ every push, ✓ p95<100 |',
    );
    expect(formatTable([{ row: realtime(), target: realtimeTarget(10_000) }], 0)).toContain(
      '| ✗ 10000 held, ✓ every push |',
    );
    const unanswered = row({
      name: 'realtime (10000 sockets)',
      requestsPerSecond: 0,
      errors: 400,
      realtime: { sockets: 10_000, connected: 10_000, dropped: 0, expected: 0, received: 0 },
    });
    expect(formatTable([{ row: unanswered, target: realtimeTarget(10_000) }], 0)).toContain(
      '| ✓ 10000 held, ✗ every push |',
    );
  });

  it('profiles the measured rows when asked, and not by default', () => {
    expect(parseOptions([]).profile).toBe(false);
    expect(parseOptions(['--profile', '--only', 'rotating'])).toMatchObject({
      profile: true,
      only: ['rotating'],
    });
  });

  it('runs the read rows on a cluster too when asked, and not by default', () => {
    expect(parseOptions([]).cluster).toBe(false);
    expect(parseOptions(['--cluster', '--topics', '2000'])).toMatchObject({ cluster: true, topics: 2000 });
  });

  it("prints each read row's cost per request and the cluster's servers node by node", () => {
    const measured = (redis: NonNullable<RowResult['cost']>['redis']): RowResult =>
      row({
        name: 'topic list',
        direct: {
          requestsPerSecond: 2000,
          p50: 5,
          p95: 9,
          p99: 12,
          errors: 0,
          apiCpuMs: 0.25,
          cost: { requests: 1000, seconds: 5, redis, dbCommands: 0.02, bytes: 1500.4 },
        },
      });
    const one = measured([
      { label: 'redis', role: 'primary', cpuMs: 80, commands: 3000, top: [['evalsha', 2000]] },
    ]);
    const three = measured([
      { label: 'p1', role: 'primary', cpuMs: 70, commands: 2900, top: [['evalsha', 2000]] },
      { label: 'p2', role: 'primary', cpuMs: 5, commands: 100, top: [['get', 100]] },
      { label: 'r1', role: 'replica', cpuMs: 2, commands: 40, top: [] },
    ]);
    const costs = formatReadCostTable([one]);
    expect(costs).toContain('| topic list | 1000 | 3.0 | 80 | evalsha 2.0 | 0.02 | 0.250 | 1500 | – |');
    const side = formatClusterTable([one], [three]);
    expect(side).toContain(
      '| topic list | 2000 | 12.0 | 0.250 | 80 | 2000 | 12.0 | 0.250 | p1 70 · p2 5 · r1 2 | p1 2.9 · p2 0.1 |',
    );
    expect(formatClusterTable([one], [])).toContain('| 80 | – | – | – | – | – |');
  });
});
