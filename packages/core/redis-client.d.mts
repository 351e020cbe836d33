import type { Cluster, Redis, RedisOptions } from 'ioredis';

export function clusterAddress(nodes: string): string;
export const COMMAND_TIMEOUT_MS: number;
export const BLOCKING_COMMAND_TIMEOUT_MS: number;
export function isClusterAddress(address: string | undefined): boolean;
export function redisAddressFromEnv(env?: Record<string, string | undefined>): string | undefined;
export interface ClusterClientOptions {
  shardedSubscribers?: boolean;
}
export function createRedisClient(
  address: string,
  options?: RedisOptions,
  cluster?: ClusterClientOptions,
): Redis | Cluster;
