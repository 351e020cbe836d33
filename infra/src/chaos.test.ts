/**
 * The crash test, small: clients write while the worker, the API and the worker again are killed
 * at fixed points of the run and restarted by the supervisor; every side effect exists exactly once
 * afterwards. `npm run chaos` runs the full one (1,000 writes, kills at random moments too). It runs
 * on the test's own Redis and on the Redis Cluster `npm test` starts.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { isClusterAddress } from '@forum/core';
import { describeOnEachRedis } from '@forum/core/testing';
import { formatChaos, runChaos } from './chaos';
import { dataDir } from './paths';

describeOnEachRedis('writes under SIGKILLs of the API and the worker', (target) => {
  it('leave every side effect exactly once: nothing lost, nothing doubled', async () => {
    const cluster = isClusterAddress(target.url);
    const report = await runChaos({
      writes: 120,
      clients: 12,
      fault: 'kills',
      dataDir: path.join(dataDir, 'test', cluster ? 'chaos-cluster' : 'chaos'),
      // One Redis: the run's own, started for it. A cluster: the one `npm test` started.
      ...(cluster ? { redisUrl: target.url } : {}),
      log: () => undefined,
    });
    const summary = formatChaos(report);
    expect(report.succeeded, summary).toBeGreaterThan(report.attempted * 0.9);
    expect(report.kills, summary).toEqual({ api: 1, worker: 2 });
    expect({ lost: report.lost, doubled: report.doubled }, summary).toEqual({ lost: 0, doubled: 0 });
  }, 300_000);
});
