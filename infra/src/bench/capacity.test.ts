import { describe, expect, it } from 'vitest';
import {
  averageCost,
  capacityFor,
  ceilings,
  formatCapacityTable,
  measuredMix,
  readRequestCost,
  writeRequestCost,
  type MixEntry,
  type RequestCost,
} from './capacity';
import type { RowResult } from './report';
import type { WriteRowResult } from './writes';

const cost = (row: string, overrides: Partial<RequestCost> = {}): RequestCost => ({
  row,
  apiCpuMs: 0,
  workerCpuMs: 0,
  dbCommands: 0,
  dbCpuMs: 0,
  redisCommands: 0,
  redisCpuMs: 0,
  hotRedisCpuMs: 0,
  bytes: 0,
  ...overrides,
});

const MIX: MixEntry[] = [
  { row: 'page', share: 0.9 },
  { row: 'api', share: 0.09 },
  { row: 'write: comment', share: 0.01 },
];

const COSTS = [
  cost('page', { apiCpuMs: 1, redisCommands: 4, redisCpuMs: 0.02, hotRedisCpuMs: 0.015, bytes: 10_000 }),
  cost('api', { apiCpuMs: 2, redisCommands: 10, redisCpuMs: 0.05, hotRedisCpuMs: 0.05, bytes: 2_000 }),
  cost('write: comment', {
    apiCpuMs: 10,
    workerCpuMs: 20,
    dbCommands: 30,
    dbCpuMs: 40,
    redisCommands: 50,
    redisCpuMs: 1,
    hotRedisCpuMs: 0.5,
  }),
];

describe('the capacity model', () => {
  it('weights each row by its share of the traffic', () => {
    const average = averageCost(measuredMix(MIX, COSTS));
    expect(average.apiCpuMs).toBeCloseTo(0.9 * 1 + 0.09 * 2 + 0.01 * 10);
    expect(average.workerCpuMs).toBeCloseTo(0.2);
    expect(average.dbCommands).toBeCloseTo(0.3);
    expect(average.redisCommands).toBeCloseTo(3.6 + 0.9 + 0.5);
    expect(average.hotRedisCpuMs).toBeCloseTo(0.0135 + 0.0045 + 0.005);
  });

  it('scales the measured rows back to the whole when a row of the mix was not measured', () => {
    const used = measuredMix(MIX, COSTS.slice(0, 2));
    expect(used.map(({ entry }) => entry.row)).toEqual(['page', 'api']);
    expect(used[0]!.entry.share).toBeCloseTo(0.9 / 0.99);
    expect(used[1]!.entry.share).toBeCloseTo(0.09 / 0.99);
  });

  it('turns a rate into cores and processes at 70% of a core', () => {
    const average = averageCost(measuredMix(MIX, COSTS));
    const need = capacityFor(1000, average);
    // 1.18 ms of API CPU a request × 1,000/s = 1.18 cores → 2 processes at 70%.
    expect(need.apiCores).toBeCloseTo(1.18);
    expect(need.apiProcesses).toBe(2);
    expect(need.workerCores).toBeCloseTo(0.2);
    expect(need.workerProcesses).toBe(1);
    expect(need.redisCommandsPerSecond).toBeCloseTo(5000);
    expect(need.dbCommandsPerSecond).toBeCloseTo(300);
    expect(need.dbCores).toBeCloseTo(0.4);
    expect(capacityFor(10_000, average).apiProcesses).toBe(17);
  });

  it('names the part that stops first: the busiest Redis primary or the database server', () => {
    const average = averageCost(measuredMix(MIX, COSTS));
    const [first, second] = ceilings(average);
    // The database: 0.4 µs… 0.01 × 40 ms = 0.4 ms a request → 0.7 core at 1,750 req/s.
    expect(first).toEqual({ part: 'the database server', rate: 1750 });
    expect(second!.part).toBe('the busiest Redis primary');
    expect(second!.rate).toBeCloseTo(700 / 0.023);
    expect(ceilings(averageCost(measuredMix(MIX, [cost('page')])))[0]!.rate).toBe(Infinity);
  });

  it('prints a column per rate and says which rows of the mix were left out', () => {
    const table = formatCapacityTable(COSTS.slice(0, 2), [1000, 10_000], MIX);
    expect(table).toContain('| per second | 1,000 req/s | 10,000 req/s |');
    expect(table).toContain('not measured, left out: write: comment');
    expect(formatCapacityTable([], [1000], MIX)).toMatch(/No row of the traffic mix/);
  });

  it("takes a read row's cost from its API-port run and a write row's from its cost probes", () => {
    const read: RowResult = {
      name: 'api',
      requestsPerSecond: 100,
      p50: 1,
      p95: 2,
      p99: 3,
      errors: 0,
      direct: {
        requestsPerSecond: 200,
        p50: 1,
        p95: 2,
        p99: 3,
        errors: 0,
        apiCpuMs: 0.5,
        cost: {
          requests: 1000,
          seconds: 5,
          dbCommands: 0.1,
          bytes: 900,
          redis: [
            { label: 'p1', role: 'primary', cpuMs: 30, commands: 3000, top: [] },
            { label: 'p2', role: 'primary', cpuMs: 10, commands: 1000, top: [] },
            { label: 'r1', role: 'replica', cpuMs: 99, commands: 9999, top: [] },
          ],
        },
      },
    };
    expect(readRequestCost(read)).toEqual(
      cost('api', {
        apiCpuMs: 0.5,
        dbCommands: 0.1,
        redisCommands: 4,
        redisCpuMs: 0.04,
        hotRedisCpuMs: 0.03,
        bytes: 900,
      }),
    );
    expect(readRequestCost({ ...read, direct: undefined })).toBeUndefined();
    const write = {
      name: 'write: comment, 20 users',
      cost: {
        apiCommands: 3,
        workerCommands: 7,
        apiCommandMs: 1,
        workerCommandMs: 1,
        cpuMs: { api: 2, worker: 4, database: 6 },
        apiBreakdown: '',
        workerBreakdown: '',
        writes: 10,
        redis: [{ label: 'redis', role: 'primary', cpuMs: 5, commands: 200, top: [] }],
      },
    } as unknown as WriteRowResult;
    expect(writeRequestCost(write)).toEqual(
      cost('write: comment', {
        apiCpuMs: 2,
        workerCpuMs: 4,
        dbCommands: 10,
        dbCpuMs: 6,
        redisCommands: 20,
        redisCpuMs: 0.5,
        hotRedisCpuMs: 0.5,
      }),
    );
  });
});
