/**
 * What each Redis server did during a row: its CPU time (utime + stime of the redis-server
 * process, from /proc) and the commands it ran (INFO commandstats), read before and after the row.
 * On one Redis that is one node; on a Redis Cluster every primary and replica, so the table shows
 * which node a row's load lands on (the read model's `{rm}` slot lives on one primary).
 */
import { execFileSync } from 'node:child_process';
import { createRedis, type Redis } from '@forum/core';
import { treeCpuMs } from './proc';

/** Commands a node has run so far, by name (`get`, `evalsha`, `cluster|slots`, …): `calls=` of each. */
export type CommandCalls = Map<string, number>;

/** The `cmdstat_<name>:calls=<n>,…` lines of `INFO commandstats`. */
export function parseCommandStats(info: string): CommandCalls {
  const calls: CommandCalls = new Map();
  for (const line of info.split(/\r?\n/)) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line);
    if (match) calls.set(match[1]!, Number(match[2]));
  }
  return calls;
}

/**
 * Commands the requests did not cause: `info` is the bench reading these figures, `replconf` a
 * replica's acknowledgements to its primary.
 */
const NOT_REQUESTS = new Set(['info', 'replconf']);

/** Commands run between two readings, by name, most frequent first, without NOT_REQUESTS. */
export function commandDelta(after: CommandCalls, before: CommandCalls): [string, number][] {
  const delta: [string, number][] = [];
  for (const [name, calls] of after) {
    if (NOT_REQUESTS.has(name)) continue;
    const ran = calls - (before.get(name) ?? 0);
    if (ran > 0) delta.push([name, ran]);
  }
  return delta.sort((a, b) => b[1] - a[1]);
}

export interface RedisNode {
  /** `p1`, `r2`, … on a cluster (primary / replica), `redis` for one Redis. */
  label: string;
  port: number;
  role: 'primary' | 'replica';
  /** The redis-server process, whose CPU time is read from /proc; unknown when not found. */
  pid?: number;
}

interface NodeReading {
  cpuMs: number;
  calls: CommandCalls;
}

/** What one node did during a row. */
export interface RedisNodeUsage {
  label: string;
  role: 'primary' | 'replica';
  /** CPU time of the redis-server process over the row, ms; undefined without a pid. */
  cpuMs?: number;
  commands: number;
  /** The most frequent commands, `name count` pairs. */
  top: [string, number][];
}

/** The redis-server listening on `port` (its process title is `redis-server 127.0.0.1:<port>`). */
export function redisServerPid(port: number): number | undefined {
  try {
    const found = execFileSync('pgrep', ['-f', `redis-server [^ ]*:${port}( |$)`], { encoding: 'utf8' });
    return Number(found.trim().split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/** Reads every node's CPU and commands; `close()` drops the connections it keeps for that. */
export class RedisUsageProbe {
  private readonly clients: Redis[];

  constructor(readonly nodes: readonly RedisNode[]) {
    this.clients = nodes.map((node) => {
      const client = createRedis(`redis://127.0.0.1:${node.port}`);
      // A failed reading rejects `read()`; the event itself would only be printed as unhandled.
      client.on('error', () => undefined);
      return client;
    });
  }

  async read(): Promise<NodeReading[]> {
    return Promise.all(
      this.nodes.map(async (node, i) => ({
        cpuMs: node.pid ? treeCpuMs(node.pid) : Number.NaN,
        calls: parseCommandStats(await this.clients[i]!.info('commandstats')),
      })),
    );
  }

  usage(before: NodeReading[], after: NodeReading[]): RedisNodeUsage[] {
    return this.nodes.map((node, i) => {
      const ran = commandDelta(after[i]!.calls, before[i]!.calls);
      const cpuMs = after[i]!.cpuMs - before[i]!.cpuMs;
      return {
        label: node.label,
        role: node.role,
        ...(Number.isFinite(cpuMs) && { cpuMs }),
        commands: ran.reduce((sum, [, count]) => sum + count, 0),
        top: ran.slice(0, 8),
      };
    });
  }

  close(): void {
    for (const client of this.clients) client.disconnect();
  }
}

/** Commands the primaries ran per request: replicas only replay the primaries' writes. */
export function primaryCommandsPerRequest(nodes: readonly RedisNodeUsage[], requests: number): number {
  if (!requests) return 0;
  return (
    nodes.filter((node) => node.role === 'primary').reduce((sum, node) => sum + node.commands, 0) / requests
  );
}

/** The primaries' most frequent commands per request, `name count` pairs, most frequent first. */
export function primaryTopCommandsPerRequest(
  nodes: readonly RedisNodeUsage[],
  requests: number,
  limit = 6,
): [string, number][] {
  const total = new Map<string, number>();
  for (const node of nodes.filter((n) => n.role === 'primary')) {
    for (const [name, count] of node.top) total.set(name, (total.get(name) ?? 0) + count);
  }
  if (!requests) return [];
  return [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, count]) => [name, count / requests]);
}

/** The busiest primary's CPU per request, ms: the node that limits the row first. */
export function busiestPrimaryCpuMs(nodes: readonly RedisNodeUsage[], requests: number): number | undefined {
  const cpu = nodes
    .filter((node) => node.role === 'primary' && node.cpuMs !== undefined)
    .map((n) => n.cpuMs!);
  if (!requests || cpu.length === 0) return undefined;
  return Math.max(...cpu) / requests;
}
