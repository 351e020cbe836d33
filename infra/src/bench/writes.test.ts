import { describe, expect, it } from 'vitest';
import { followedBy, formatWriteTable, writeRowName, type Writer } from './writes';

describe('write rows', () => {
  it('are chosen by the names the report prints, the favourite row included', () => {
    // `--only` keeps the rows whose names start with one of its words (bench.ts), and reads these.
    expect(writeRowName({ kind: 'favorite', connections: 20 })).toBe('write: favourite, 20 users');
    expect(writeRowName({ kind: 'comment', connections: 100 })).toBe('write: comment, 100 users');
    expect(writeRowName({ kind: 'follow', connections: 20 })).toBe('write: follow, 20 users');
  });

  it('make every follow a new pair of two different members, run after run', () => {
    // The follow row's turn goes on from run to run (writers.json): a pair seen again would be a
    // silent no-op, not a write.
    const writers: Writer[] = Array.from({ length: 7 }, (_, i) => ({ userId: 100 + i, token: `t${i}` }));
    const pairs = new Set<string>();
    for (let turn = 0; turn < 7 * 6; turn++) {
      const follower = writers[turn % writers.length]!.userId;
      const followed = followedBy(writers, turn);
      expect(followed).not.toBe(follower);
      expect(writers.some((writer) => writer.userId === followed)).toBe(true);
      pairs.add(`${follower}→${followed}`);
    }
    expect(pairs.size).toBe(7 * 6);
  });
});

describe('the write table', () => {
  const row = {
    name: 'write: comment, 20 users',
    writesPerSecond: 94,
    p50: 200,
    p95: 350,
    p99: 450,
    errors: 0,
    errorSamples: [],
    acknowledged: 940,
    storedInDatabase: 940,
    inReadModel: 940,
    workerLagSeconds: 1.5,
    failedJobs: 0,
  };

  it('says when a row ran beside earlier writes the worker was still settling', () => {
    const table = formatWriteTable(
      [row, { ...row, name: 'write: like, 20 users', unsettled: { indexed: false, due: 1200, jobs: 35 } }],
      20000,
    );
    expect(table).toContain('| write: comment, 20 users | 94 | 0.0047× |');
    expect(table).toContain(
      'Not a measurement of the build: write: like, 20 users ran while the worker still settled earlier writes (recovery scan under way, 1200 events due, 35 jobs).',
    );
    expect(table).not.toContain('Not a measurement of the build: write: comment');
  });

  it('adds nothing when every row began on a settled site', () => {
    expect(formatWriteTable([row], 20000)).not.toContain('Not a measurement');
  });
});
