import { describe, expect, it } from 'vitest';
import {
  busiestPrimaryCpuMs,
  commandDelta,
  parseCommandStats,
  primaryCommandsPerRequest,
  type RedisNodeUsage,
} from './redis-usage';

/** The shape redis-server 7 answers `INFO commandstats` with. */
const INFO_BEFORE = [
  '# Commandstats',
  'cmdstat_get:calls=10,usec=30,usec_per_call=3.00,rejected_calls=0,failed_calls=0',
  'cmdstat_hgetall:calls=4,usec=20,usec_per_call=5.00,rejected_calls=0,failed_calls=0',
  'cmdstat_info:calls=2,usec=100,usec_per_call=50.00,rejected_calls=0,failed_calls=0',
  '',
].join('\r\n');
const INFO_AFTER = [
  '# Commandstats',
  'cmdstat_get:calls=15,usec=45,usec_per_call=3.00,rejected_calls=0,failed_calls=0',
  'cmdstat_hgetall:calls=24,usec=120,usec_per_call=5.00,rejected_calls=0,failed_calls=0',
  'cmdstat_cluster|slots:calls=1,usec=9,usec_per_call=9.00,rejected_calls=0,failed_calls=0',
  'cmdstat_info:calls=3,usec=150,usec_per_call=50.00,rejected_calls=0,failed_calls=0',
  '',
].join('\r\n');

const node = (overrides: Partial<RedisNodeUsage>): RedisNodeUsage => ({
  label: 'p1',
  role: 'primary',
  commands: 0,
  top: [],
  ...overrides,
});

describe("the bench's Redis figures", () => {
  it('reads the calls of every command, subcommands included', () => {
    const calls = parseCommandStats(INFO_AFTER);
    expect(calls.get('get')).toBe(15);
    expect(calls.get('hgetall')).toBe(24);
    expect(calls.get('cluster|slots')).toBe(1);
    expect(parseCommandStats('# Commandstats\r\n').size).toBe(0);
  });

  it('counts the commands run between two readings, most frequent first, without its own INFO', () => {
    expect(commandDelta(parseCommandStats(INFO_AFTER), parseCommandStats(INFO_BEFORE))).toEqual([
      ['hgetall', 20],
      ['get', 5],
      ['cluster|slots', 1],
    ]);
  });

  it("counts the primaries' commands per request, not the replicas' replay of their writes", () => {
    const nodes = [
      node({ label: 'p1', commands: 300 }),
      node({ label: 'p2', commands: 100 }),
      node({ label: 'r1', role: 'replica', commands: 50 }),
    ];
    expect(primaryCommandsPerRequest(nodes, 100)).toBe(4);
    expect(primaryCommandsPerRequest(nodes, 0)).toBe(0);
  });

  it("names the busiest primary's CPU per request, the figure a hash slot on one node limits", () => {
    const nodes = [
      node({ label: 'p1', cpuMs: 20 }),
      node({ label: 'p2', cpuMs: 500 }),
      node({ label: 'r2', role: 'replica', cpuMs: 900 }),
      node({ label: 'p3' }),
    ];
    expect(busiestPrimaryCpuMs(nodes, 1000)).toBe(0.5);
    expect(busiestPrimaryCpuMs([node({ label: 'p1' })], 1000)).toBeUndefined();
  });
});
