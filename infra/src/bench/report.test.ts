import { describe, expect, it } from 'vitest';
import { formatTable, meetsTarget, parseOptions, percentile, type RowResult } from './report';

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
    expect(meetsTarget(row({ errors: 1 }), { kind: 'page', p95: 50 }, 15_000)).toBe(false);
    expect(meetsTarget(row({ p95: 60 }), { kind: 'page', p95: 50 }, 15_000)).toBe(false);
    expect(meetsTarget(row({ requestsPerSecond: 0, p95: 0 }), { kind: 'page', p95: 300 }, 15_000)).toBe(
      false,
    );
    expect(meetsTarget(row(), undefined, 15_000)).toBeNull();
  });

  it('prints a markdown table with the ratio to hello-world', () => {
    const table = formatTable([{ row: row(), target: { kind: 'api' } }], 15_000);
    expect(table).toContain('| topics | 3000 | 0.200 | 5.0 | 20.0 | 40.0 | 0 | ✓ ≥0.15×, p99<100 |');
  });
});
