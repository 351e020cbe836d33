/**
 * The failover part of a chaos run on a Redis Cluster of its own, while clients write: the primary
 * that serves the points queue's slot (`{points}`, with the busiest queues' jobs and the search
 * index) is killed (SIGKILL), or the one that serves the read model's slot (`{rm}`: every page
 * read and every projection) is paused (SIGSTOP, as a cut network silences a node: its connections
 * stay open and nothing answers) longer than the cluster's node timeout, then resumed. Reads are
 * sampled through the site's public web port the whole time, so the errors a failover costs
 * readers are counted and timed.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueueNames } from '@forum/contracts';
import { startRedisCluster, type LocalRedisCluster } from './redis-cluster';

export type PrimaryFailure = 'kill' | 'pause';

/** The hash tag whose primary each kind of failure hits. */
export const failedSlot: Record<PrimaryFailure, string> = { kill: '{points}', pause: '{rm}' };

/**
 * Seconds before the cluster gives up on a silent primary (redis' `cluster-node-timeout`): small,
 * so a test sees a whole failover in seconds; production clusters keep Redis' 15 s or their own.
 */
export const FAILOVER_NODE_TIMEOUT_MS = 1500;
/**
 * A pause this long is well past the node timeout: the replica has taken over seconds before it
 * ends, so reads have those seconds to show they no longer wait for the paused node.
 */
export const PAUSE_MS = 8 * FAILOVER_NODE_TIMEOUT_MS;

export interface FailoverReport {
  kind: PrimaryFailure;
  /** The hash tag whose primary failed, its port, and the slots it served (`{rm}`, queues). */
  slot: string;
  port: number;
  served: string[];
  /** Seconds from the fault until the replica served the slot. */
  promotedSeconds: number;
  /** Seconds from the fault until the failed node was back, as a replica in sync (pause), or null. */
  rejoinedSeconds: number | null;
  /** When the replica served the slot, and when the paused node was resumed (epoch ms). */
  promotedAt: number;
  resumedAt: number | null;
}

export interface ReadWindow {
  reads: number;
  failed: number;
  /** The longest stretch of failing reads, in seconds (from the first failure to the next success). */
  longestFailingSeconds: number;
  /** The slowest read, failed or not, in seconds. */
  slowestSeconds: number;
}

export interface ReadSamples {
  sampled: number;
  /** Whether the last read of the run answered. */
  lastSucceeded: boolean;
  /** When each read that answered began and ended (epoch ms). */
  answered: { from: number; to: number }[];
  /** Reads by what happened last before they began: `none`, `failover`, `api killed`. */
  byCause: Record<string, ReadWindow>;
}

export async function startFailoverCluster(
  dataDir: string,
  basePort: number | undefined,
  log: (line: string) => void,
): Promise<LocalRedisCluster> {
  return startRedisCluster({
    dir: path.join(dataDir, 'redis-cluster'),
    nodeTimeoutMs: FAILOVER_NODE_TIMEOUT_MS,
    ...(basePort ? { basePort } : {}),
    log,
  });
}

async function until<T>(what: string, limitMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * Fails the primary of `slot` (a hash tag) and waits until its replica serves the
 * slot (and, for a pause, until the resumed node is that replica's replica, in sync).
 */
export async function failPrimary(
  cluster: LocalRedisCluster,
  kind: PrimaryFailure,
  slot: string,
  log: (line: string) => void,
): Promise<FailoverReport> {
  const port = await cluster.primaryOf(slot);
  const served: string[] = [];
  // The search index and the search queue share the tag `{search}`.
  for (const tag of new Set(['{rm}', '{search}', ...QueueNames.map((queue) => `{${queue}}`)])) {
    if ((await cluster.primaryOf(tag)) === port) served.push(tag);
  }
  log(
    `the ${slot} primary (:${port}, serving ${served.join(' ')}) is ${kind === 'kill' ? 'killed' : 'paused'}`,
  );
  const started = Date.now();
  cluster.signal(port, kind === 'kill' ? 'SIGKILL' : 'SIGSTOP');
  const successor = await until(`the replica took over ${slot}`, 60_000, async () => {
    const now = await cluster.primaryOf(slot);
    return now !== port ? now : null;
  });
  await cluster.waitHealthy(successor, 60_000);
  const promotedAt = Date.now();
  const promotedSeconds = (promotedAt - started) / 1000;
  log(`:${successor} serves ${slot} ${promotedSeconds.toFixed(1)} s after`);
  let rejoinedSeconds: number | null = null;
  let resumedAt: number | null = null;
  if (kind === 'pause') {
    await sleep(Math.max(0, started + PAUSE_MS - Date.now()));
    resumedAt = Date.now();
    cluster.signal(port, 'SIGCONT');
    await until('the resumed node rejoined as a replica', 60_000, async () =>
      (await cluster.role(port)) === 'replica' ? true : null,
    );
    rejoinedSeconds = (Date.now() - started) / 1000;
    log(
      `:${port} resumed after ${PAUSE_MS / 1000} s, a replica in sync ${rejoinedSeconds.toFixed(1)} s after`,
    );
  }
  return { kind, slot, port, served, promotedSeconds, rejoinedSeconds, promotedAt, resumedAt };
}

/** How long one sampled read may take before it counts as failed. */
const READ_TIMEOUT_MS = 5000;

/**
 * Reads through the public web port, one at a time, 5 a second: the topic list and a topic, each
 * as a signed-in reader (whom no page or answer cache serves, so each read reads the read model).
 * `mark(cause)` says what just happened; a read counts for the cause marked last when it ended,
 * and a stretch of failing reads for the cause of its first read.
 */
export function sampleReads(webUrl: string, token: string, topicIds: () => number[]) {
  let running = true;
  let cause = 'none';
  const byCause: Record<string, ReadWindow> = {};
  let failing: { since: number; cause: string } | null = null;
  let sampled = 0;
  let lastSucceeded = false;
  const answered: { from: number; to: number }[] = [];
  const entry = (of: string) =>
    (byCause[of] ??= { reads: 0, failed: 0, longestFailingSeconds: 0, slowestSeconds: 0 });
  // A failing stretch counts for the cause it began under, however long it lasts.
  const close = (at: number) => {
    if (!failing) return;
    const stretch = entry(failing.cause);
    stretch.longestFailingSeconds = Math.max(stretch.longestFailingSeconds, (at - failing.since) / 1000);
    failing = null;
  };
  const readOnce = async (n: number): Promise<boolean> => {
    const ids = topicIds();
    const url = n % 2 ? `${webUrl}/api/topic/${ids[n % ids.length]}` : `${webUrl}/api/topic/topics`;
    try {
      const response = await fetch(url, {
        headers: { 'x-user-token': token },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as { success?: boolean } | null;
      return response.ok && body?.success === true;
    } catch {
      return false;
    }
  };
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const started = Date.now();
      const ok = await readOnce(n);
      // A read counts for the cause marked last when it ended: one cut off by a kill counts for it.
      const under = entry(cause);
      sampled++;
      under.reads++;
      under.slowestSeconds = Math.max(under.slowestSeconds, (Date.now() - started) / 1000);
      lastSucceeded = ok;
      if (ok) {
        close(started);
        answered.push({ from: started, to: Date.now() });
      } else {
        under.failed++;
        failing ??= { since: started, cause };
      }
      await sleep(200);
    }
    close(Date.now());
  })();
  return {
    mark(what: string) {
      cause = what;
    },
    async stop(): Promise<ReadSamples> {
      running = false;
      await loop;
      return { sampled, lastSucceeded, answered, byCause };
    },
  };
}

/**
 * Reads that began after the replica took over and answered while the failed node was still paused:
 * none when the clients keep waiting on the silent node (they would until its resume), so the pause
 * test can tell a bounded failover from a hang. Null when nothing was paused.
 */
export function readsAnsweredWhilePaused(failover: FailoverReport, reads: ReadSamples): number | null {
  const { promotedAt, resumedAt } = failover;
  if (resumedAt === null) return null;
  return reads.answered.filter((read) => read.from >= promotedAt && read.to < resumedAt).length;
}
