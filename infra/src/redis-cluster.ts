/**
 * A local Redis Cluster of Debian's `redis-server`: 3 primaries with one replica each, on loopback
 * ports, without persistence, in a folder of its own. `npm test` starts one for the tests that run
 * on a cluster; the failover tests start their own, since they kill and pause its nodes.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { clusterAddress } from '@forum/core/redis-client';
import { canListen, waitForPort } from './ports';
import { startChild, stopChild, which } from './process';
import type { ChildProcess } from 'node:child_process';

const execFileAsync = promisify(execFile);

/** Redis Cluster talks between nodes on the client port + 10000. */
const BUS_OFFSET = 10_000;

export interface ClusterNode {
  port: number;
  child: ChildProcess;
}

export interface LocalRedisCluster {
  /** `redis-cluster://127.0.0.1:p1,…`, what `REDIS_CLUSTER_NODES` gives the services. */
  address: string;
  /** `127.0.0.1:p1,…`, the value for `REDIS_CLUSTER_NODES`. */
  nodeList: string;
  nodes: ClusterNode[];
  /** The ports of the nodes that are primaries now. */
  primaries(): Promise<number[]>;
  /** The port of the primary that serves `key`'s slot now (its hash tag's, when it has one). */
  primaryOf(key: string): Promise<number>;
  /**
   * Sends a signal to one node (SIGKILL crashes it, SIGSTOP pauses it, SIGCONT resumes it). A
   * paused node is asked nothing by `primaries`, `primaryOf` and `waitHealthy` until resumed.
   */
  signal(port: number, signal: NodeJS.Signals): void;
  /** The node's role as it says itself, once it answers: a primary, or a replica in sync with its primary. */
  role(port: number): Promise<'primary' | 'replica' | 'replica-syncing'>;
  /** Waits until every slot is served (`cluster_state:ok`) as seen from the given (live) node. */
  waitHealthy(fromPort: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  dir: string;
  log?: (line: string) => void;
  /** Milliseconds before a silent primary is failed over (redis' `cluster-node-timeout`). */
  nodeTimeoutMs?: number;
  /** The first of six ports to try (`REDIS_CLUSTER_TEST_PORT`); else a free block (see `freeBlock`). */
  basePort?: number;
}

/** Why no cluster can be started here, or null when one can. */
export function clusterUnavailableReason(): string | null {
  if (!which('redis-server')) return 'redis-server is not installed (apt-get install redis-server)';
  if (!which('redis-cli')) return 'redis-cli is not installed (apt-get install redis-tools)';
  return null;
}

/**
 * The first port of the kernel's range for outgoing connections' local ports (Linux's default
 * 32768). A cluster node's port or bus port inside it can be taken by any client connection
 * between the check and the node's start, so a block is chosen below it when it can be.
 */
function ephemeralStart(): number {
  try {
    const first = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * Six consecutive ports on which a node and its bus (port + 10000) can both listen: from `first`
 * on when given, else at random from 20000 up to where the bus ports would reach the range of
 * outgoing connections' ports (20000–22761 with Linux's default), else 20000–29999.
 */
async function freeBlock(size: number, first?: number): Promise<number> {
  const below = ephemeralStart() - BUS_OFFSET - size - 20_000;
  const span = below > 100 ? below : 10_000 - size;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = first !== undefined ? first + attempt * size : 20_000 + Math.floor(Math.random() * span);
    const ports = Array.from({ length: size }, (_, i) => base + i);
    const free = await Promise.all(
      ports.flatMap((port) => [canListen('127.0.0.1', port), canListen('127.0.0.1', port + BUS_OFFSET)]),
    );
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free block of loopback ports for a Redis Cluster');
}

async function cli(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(which('redis-cli')!, args, { timeout: 30_000 });
  return stdout;
}

async function waitReplicaInSync(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await cli(['-p', String(port), 'info', 'replication']);
    if (!info.includes('role:slave') || info.includes('master_link_status:up')) return;
    if (Date.now() > deadline) throw new Error(`the replica on ${port} has not synced after ${timeoutMs} ms`);
    await sleep(100);
  }
}

export async function startRedisCluster(options: ClusterOptions): Promise<LocalRedisCluster> {
  const reason = clusterUnavailableReason();
  if (reason) throw new Error(`cannot start a Redis Cluster: ${reason}`);
  const log = options.log ?? (() => undefined);
  const server = which('redis-server')!;
  const size = 6;
  const base = await freeBlock(size, options.basePort);
  const nodes: ClusterNode[] = [];
  const paused = new Set<number>();
  // A paused node would hold each question until redis-cli's timeout; a dead one refuses it at once.
  const answering = () =>
    nodes.filter(
      (node) => node.child.exitCode === null && node.child.signalCode === null && !paused.has(node.port),
    );
  const stop = async () => {
    await Promise.all(nodes.map((node) => stopChild(node.child, 2_000)));
  };
  try {
    for (let i = 0; i < size; i += 1) {
      const port = base + i;
      const dir = path.join(options.dir, String(port));
      mkdirSync(dir, { recursive: true });
      const child = startChild(
        server,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          path.join(dir, 'nodes.conf'),
          '--cluster-node-timeout',
          String(options.nodeTimeoutMs ?? 2_000),
          '--appendonly',
          'no',
          '--save',
          '',
          '--dir',
          dir,
          '--logfile',
          path.join(dir, 'redis.log'),
          // A replica's first sync starts at once (the default waits 5 s for more replicas).
          '--repl-diskless-sync-delay',
          '0',
        ],
        { name: `redis-cluster-${port}`, stdio: 'ignore' },
      );
      nodes.push({ port, child });
    }
    await Promise.all(nodes.map((node) => waitForPort('127.0.0.1', node.port, 10_000)));
    await cli([
      '--cluster',
      'create',
      ...nodes.map((node) => `127.0.0.1:${node.port}`),
      '--cluster-replicas',
      '1',
      '--cluster-yes',
    ]);
    const cluster: LocalRedisCluster = {
      address: clusterAddress(nodes.map((node) => `127.0.0.1:${node.port}`).join(',')),
      nodeList: nodes.map((node) => `127.0.0.1:${node.port}`).join(','),
      nodes,
      async primaries() {
        const live = answering();
        for (const node of live) {
          try {
            const listing = await cli(['-p', String(node.port), 'cluster', 'nodes']);
            return listing
              .split('\n')
              .filter((line) => {
                // The flags field: `master`, `myself,master` for the node asked, `master,fail` when down.
                const flags = (line.split(' ')[2] ?? '').split(',');
                return flags.includes('master') && !flags.some((flag) => flag.startsWith('fail'));
              })
              .map((line) => Number(/:(\d+)@/.exec(line)?.[1]));
          } catch {
            // paused or gone: ask the next one
          }
        }
        throw new Error('no node of the cluster answers');
      },
      async primaryOf(key) {
        const live = answering();
        for (const node of live) {
          try {
            const slot = Number((await cli(['-p', String(node.port), 'cluster', 'keyslot', key])).trim());
            const listing = await cli(['-p', String(node.port), 'cluster', 'nodes']);
            for (const line of listing.split('\n')) {
              const fields = line.split(' ');
              if (!/master/.test(fields[2] ?? '') || /fail/.test(fields[2] ?? '')) continue;
              for (const range of fields.slice(8)) {
                const [from, to = from] = range.split('-').map(Number);
                if (slot >= from! && slot <= to!) return Number(/:(\d+)@/.exec(line)?.[1]);
              }
            }
          } catch {
            // paused or gone: ask the next one
          }
        }
        throw new Error(`no primary serves the slot of ${key}`);
      },
      signal(port, signal) {
        const node = nodes.find((entry) => entry.port === port);
        if (!node) throw new Error(`no node on port ${port}`);
        process.kill(-node.child.pid!, signal);
        if (signal === 'SIGSTOP') paused.add(port);
        if (signal === 'SIGCONT') paused.delete(port);
      },
      async role(port) {
        const info = await cli(['-p', String(port), 'info', 'replication']);
        if (info.includes('role:master')) return 'primary';
        return info.includes('master_link_status:up') ? 'replica' : 'replica-syncing';
      },
      async waitHealthy(fromPort, timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const info = await cli(['-p', String(fromPort), 'cluster', 'info']).catch(() => '');
          if (info.includes('cluster_state:ok')) return;
          if (Date.now() > deadline) throw new Error(`the cluster is not healthy after ${timeoutMs} ms`);
          await sleep(100);
        }
      },
      stop,
    };
    // Every node must know every slot's owner before a client asks it (create returns earlier), and
    // every replica must have its primary's data: one that never synced cannot take over.
    for (const node of nodes) await cluster.waitHealthy(node.port);
    for (const node of nodes) await waitReplicaInSync(node.port);
    log(`Redis Cluster: 3 primaries and 3 replicas on 127.0.0.1:${base}-${base + size - 1}`);
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}
