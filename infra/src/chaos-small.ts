/**
 * The small crash test of `npm test`, one body for every Redis it runs on: clients write while the
 * worker, the API and the worker again are killed at fixed points of the run and restarted by the
 * supervisor; every side effect exists exactly once afterwards. Each Redis has its own test file
 * (`chaos.test.ts`, `chaos-cluster.test.ts`): two runs in one process hung the second. The same run
 * with a cluster primary failing midway (`failoverChaosRun`) has a file per failure too.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isClusterAddress } from '@forum/core';
import type { RedisTarget } from '@forum/core/testing';
import { formatChaos, runChaos } from './chaos';
import { failedSlot, readsAnsweredWhilePaused, type PrimaryFailure } from './chaos-failover';
import { dataDir } from './paths';
import { clusterUnavailableReason } from './redis-cluster';

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

/**
 * The small crash test on a Redis Cluster of its own, whose primary of `failedSlot[kind]` is killed
 * or paused midway (`chaos-failover.ts`): its replica takes over, reads through the web port fail
 * only for a while (the counts and the longest stretch are printed), and afterwards every side
 * effect exists exactly once. `basePort`: the first of the cluster's six ports to try.
 */
export function failoverChaosRun(kind: PrimaryFailure, basePort: number): void {
  const title = `${kind === 'kill' ? 'a killed' : 'a paused'} primary of ${failedSlot[kind]} during writes and kills`;
  const reason = clusterUnavailableReason();
  if (reason) {
    console.warn(`Redis Cluster failover test skipped: ${reason}`);
    describe.skip(`${title} (skipped: ${reason})`, () => it('fails over', () => undefined));
    return;
  }
  describe(title, () => {
    it('its replica takes over, reads recover, and every side effect exists exactly once', async () => {
      const report = await runChaos({
        writes: 120,
        clients: 12,
        fault: 'kills',
        primaryFailure: kind,
        // The crash tests kill the API already; its restart would double this run's length.
        spareApi: true,
        clusterBasePort: basePort,
        dataDir: path.join(dataDir, 'test', `chaos-primary-${kind}`),
        log: () => undefined,
      });
      const summary = formatChaos(report);
      console.log(summary);
      const failover = report.failover!;
      expect(failover, summary).toBeDefined();
      if (kind === 'pause') {
        expect(failover.rejoinedSeconds, summary).not.toBeNull();
        // Clients that waited on the silent node until it came back would answer no read meanwhile.
        expect(readsAnsweredWhilePaused(failover, failover.reads), summary).toBeGreaterThan(0);
      }
      // Reads answer again once the replica serves the slot: the run's last read succeeded.
      expect(failover.reads.lastSucceeded, summary).toBe(true);
      expect(report.kills, summary).toEqual({ api: 0, worker: 2 });
      expect(report.succeeded, summary).toBeGreaterThan(report.attempted * 0.9);
      expect({ lost: report.lost, doubled: report.doubled }, summary).toEqual({ lost: 0, doubled: 0 });
    }, 300_000);
  });
}
