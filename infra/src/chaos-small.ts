/**
 * The small crash test of `npm test`, one body for every Redis it runs on: clients write while the
 * worker, the API and the worker again are killed at fixed points of the run and restarted by the
 * supervisor; every side effect exists exactly once afterwards. Each Redis has its own test file
 * (`chaos.test.ts`, `chaos-cluster.test.ts`): two runs in one process hung the second.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { isClusterAddress } from '@forum/core';
import type { RedisTarget } from '@forum/core/testing';
import { formatChaos, runChaos } from './chaos';
import { dataDir } from './paths';

/** Without a target, the run starts a Redis of its own. */
export function smallChaosRun(target?: RedisTarget): void {
  it('leave every side effect exactly once: nothing lost, nothing doubled', async () => {
    const cluster = target !== undefined && isClusterAddress(target.url);
    const report = await runChaos({
      writes: 120,
      clients: 12,
      fault: 'kills',
      dataDir: path.join(dataDir, 'test', cluster ? 'chaos-cluster' : 'chaos'),
      // One Redis: the run's own, started for it. A cluster: the one `npm test` started.
      ...(target && cluster ? { redisUrl: target.url } : {}),
      log: () => undefined,
    });
    const summary = formatChaos(report);
    expect(report.succeeded, summary).toBeGreaterThan(report.attempted * 0.9);
    expect(report.kills, summary).toEqual({ api: 1, worker: 2 });
    expect({ lost: report.lost, doubled: report.doubled }, summary).toEqual({ lost: 0, doubled: 0 });
  }, 300_000);
}
