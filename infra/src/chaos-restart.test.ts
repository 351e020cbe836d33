/**
 * Redis and the database restarted under write load (`npm run chaos -- --redis-restart` and
 * `--db-restart` run the full ones): each crashes halfway through the writes and comes back after
 * two seconds — Redis empty, as one without persistence does. The site recovers by itself (the API
 * and the worker are ready again, the read model rebuilt), no accepted write is lost and every side
 * effect exists exactly once.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatChaos, runChaos, type ChaosFault } from './chaos';
import { dataDir } from './paths';

async function writesThrough(fault: ChaosFault) {
  const report = await runChaos({
    writes: 80,
    clients: 8,
    fault,
    dataDir: path.join(dataDir, 'test', fault),
    log: () => undefined,
  });
  const summary = formatChaos(report);
  expect(report.restarts, summary).toBe(1);
  expect(report.recoverySeconds, summary).toBeDefined();
  expect(report.succeeded, summary).toBeGreaterThan(report.attempted * 0.9);
  expect({ lost: report.lost, doubled: report.doubled }, summary).toEqual({ lost: 0, doubled: 0 });
}

describe('a restart under write load', () => {
  it('of Redis (back empty): the site recovers, nothing accepted is lost, nothing doubled', async () => {
    await writesThrough('redis-restart');
  }, 300_000);

  it('of the database: the site recovers, nothing accepted is lost, nothing doubled', async () => {
    await writesThrough('db-restart');
  }, 300_000);
});
