/**
 * The one place that makes Redis clients, for the TypeScript services (through `src/redis.ts`) and
 * for the web server's plain `.mjs` files alike. A Redis address is either a `redis://` URL (one
 * Redis) or `redis-cluster://host:port,host:port,…` (a Redis Cluster, from `REDIS_CLUSTER_NODES`);
 * the caller passes the address along and never needs to know which it is.
 */
import { Cluster, Redis } from 'ioredis';

const CLUSTER_SCHEME = 'redis-cluster://';

/** The address for `REDIS_CLUSTER_NODES` (`host:port,host:port,…`). */
export function clusterAddress(nodes) {
  const list = nodes
    .split(',')
    .map((node) => node.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('REDIS_CLUSTER_NODES names no node');
  for (const node of list) {
    if (!/^[^\s:/]+:\d+$/.test(node)) throw new Error(`REDIS_CLUSTER_NODES: "${node}" is not host:port`);
  }
  return `${CLUSTER_SCHEME}${list.join(',')}`;
}

export function isClusterAddress(address) {
  return typeof address === 'string' && address.startsWith(CLUSTER_SCHEME);
}

/** The process's Redis address: `REDIS_CLUSTER_NODES` when set, else `REDIS_URL`. */
export function redisAddressFromEnv(env = process.env) {
  if (env.REDIS_CLUSTER_NODES) return clusterAddress(env.REDIS_CLUSTER_NODES);
  return env.REDIS_URL || undefined;
}

function clusterNodes(address) {
  return address
    .slice(CLUSTER_SCHEME.length)
    .split(',')
    .map((node) => {
      const at = node.lastIndexOf(':');
      return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
    });
}

/** Options that ioredis' Cluster takes itself rather than handing to each node's connection. */
const CLUSTER_LEVEL = ['enableOfflineQueue', 'enableAutoPipelining', 'lazyConnect', 'keyPrefix'];

/**
 * How a cluster client lives through a failover (docs/operations.md, "A Redis Cluster"). A node that
 * dies closes its connections, and ioredis then asks the slots again by itself; a node that stalls
 * (paused, or cut off by the network) closes nothing, so without these a command sent to it waited
 * until it came back, however long that was:
 * - the slots are asked again every second, so the replica that took over is found, and the silent
 *   node, gone from the answer, is dropped: its waiting commands fail as "connection closed", which
 *   the client sends again to the new owner;
 * - a command that gets no answer fails after `COMMAND_TIMEOUT_MS`, the bound for what is still
 *   waiting on a node that no other node has given up yet;
 * - "CLUSTERDOWN" (a primary failed and its replica not yet elected) is retried every 300 ms, up to
 *   ioredis' 16 tries, which outlasts an election instead of failing in 1.6 s.
 */
const CLUSTER_DEFAULTS = {
  scaleReads: 'master',
  lazyConnect: false,
  slotsRefreshInterval: 1000,
  retryDelayOnClusterDown: 300,
};
export const COMMAND_TIMEOUT_MS = 5000;
/**
 * BullMQ's connections (`maxRetriesPerRequest: null`) block on purpose: a worker's BZPOPMIN for up
 * to 10 s (BullMQ abandons and reconnects one 1 s later by itself), QueueEvents' XREAD for 10 s. A
 * shorter timeout would fail every idle wait; this one only bounds what a silent node holds.
 */
export const BLOCKING_COMMAND_TIMEOUT_MS = 15_000;

/**
 * A client for the address. On a cluster, reads go to the primaries (a replica may lag behind a
 * write the same request just made), the options that ioredis applies per cluster rather than per
 * node are lifted to the cluster, and the failover settings above apply unless the caller sets its
 * own. `cluster.shardedSubscribers` gives a subscriber one connection per primary, for sharded
 * pub/sub (SSUBSCRIBE); one Redis ignores it.
 */
export function createRedisClient(address, options = {}, cluster = {}) {
  if (!isClusterAddress(address)) return new Redis(address, { lazyConnect: false, ...options });
  const clusterOptions = { ...CLUSTER_DEFAULTS, ...cluster };
  const redisOptions = {
    commandTimeout: options.maxRetriesPerRequest === null ? BLOCKING_COMMAND_TIMEOUT_MS : COMMAND_TIMEOUT_MS,
  };
  for (const [name, value] of Object.entries(options)) {
    if (CLUSTER_LEVEL.includes(name)) clusterOptions[name] = value;
    else redisOptions[name] = value;
  }
  // A node whose connection closes is dropped and the slots are asked again (ioredis' default), so
  // after a failover the replica that took over serves its slots; retrying the dead node instead
  // kept its slots pointing at it.
  return new Cluster(clusterNodes(address), { ...clusterOptions, redisOptions });
}
