/**
 * How socket.io processes share rooms through Redis. On one Redis: the classic adapter (PUBLISH to
 * every subscriber). On a Redis Cluster: the sharded adapter (SPUBLISH/SSUBSCRIBE, Redis 7), whose
 * channels are spread over the primaries by slot, a channel per namespace and per public room
 * (`user:<id>`, `topic:<id>`, …), so a push reaches only the node that owns its room's channel
 * instead of every node of the cluster.
 */
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { createRedis, isCluster, isClusterAddress, type Redis } from '../redis';

/** The channel prefix (sharded) or key (classic) of a site's rooms. */
export const liveChannel = (prefix: string) => `${prefix}socket.io`;

/** The publishing and subscribing clients an adapter needs for this address. */
export function createLiveClients(address: string): { pub: Redis; sub: Redis } {
  return {
    pub: createRedis(address),
    // A sharded subscriber keeps one connection per primary, each subscribing to its slots' channels.
    sub: createRedis(address, {}, { shardedSubscribers: isClusterAddress(address) }),
  };
}

/** The adapter for `io.adapter(…)`: sharded on a cluster, classic on one Redis. */
export function liveAdapter(
  pub: Redis,
  sub: Redis,
  prefix: string,
): ReturnType<typeof createAdapter> | ReturnType<typeof createShardedAdapter> {
  return isCluster(pub)
    ? createShardedAdapter(pub, sub, { channelPrefix: liveChannel(prefix) })
    : createAdapter(pub, sub, { key: liveChannel(prefix) });
}
