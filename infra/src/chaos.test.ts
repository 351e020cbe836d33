/**
 * The crash test, small: clients write while the API and the worker are killed at random moments
 * and restarted by the supervisor; every side effect exists exactly once afterwards.
 * `npm run chaos` runs the full one (1,000 writes).
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
      dataDir: path.join(dataDir, 'test', 'chaos'),
      log: () => undefined,
    });
    const summary = formatChaos(report);
    expect(report.succeeded, summary).toBeGreaterThan(0);
    expect(report.kills.api + report.kills.worker, summary).toBeGreaterThan(0);
    expect({ lost: report.lost, doubled: report.doubled }, summary).toEqual({ lost: 0, doubled: 0 });
  }, 300_000);
});
