/**
 * The crash test, small: clients write while the worker, the API and the worker again are killed
 * at fixed points of the run and restarted by the supervisor; every side effect exists exactly once
 * afterwards. `npm run chaos` runs the full one (1,000 writes, kills at random moments too).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatChaos, runChaos } from './chaos';
import { dataDir } from './paths';

describe('writes under SIGKILLs of the API and the worker', () => {
  it('leave every side effect exactly once: nothing lost, nothing doubled', async () => {
    const report = await runChaos({
      writes: 120,
      clients: 12,
      fault: 'kills',
      dataDir: path.join(dataDir, 'test', 'chaos'),
      log: () => undefined,
    });
    const summary = formatChaos(report);
    expect(report.succeeded, summary).toBeGreaterThan(report.attempted * 0.9);
    expect(report.kills, summary).toEqual({ api: 1, worker: 2 });
    expect({ lost: report.lost, doubled: report.doubled }, summary).toEqual({ lost: 0, doubled: 0 });
  }, 300_000);
});
