import type { ChainableCommander, Cluster, Redis as SingleRedis, RedisOptions } from 'ioredis';
import { createRedisClient, redisAddressFromEnv, type ClusterClientOptions } from '../redis-client.mjs';

export { clusterAddress, isClusterAddress, redisAddressFromEnv } from '../redis-client.mjs';

/**
 * A Redis client: one Redis, or a Redis Cluster when the address is `redis-cluster://…`
 * (`REDIS_CLUSTER_NODES`). Code written against it uses only what both answer alike: commands,
 * single-slot MULTI and Lua, `scanKeys` for SCAN.
 */
export type Redis = SingleRedis | Cluster;

/**
 * A Redis client for an address (`redis://…`, or `redis-cluster://host:port,…` for a cluster).
 * Nobody else constructs ioredis clients. Plain keys are namespaced by the callers' `kvKey`/`rmKey`
 * prefix (tests give each file its own); BullMQ gets its own `prefix` option instead.
 */
export function createRedis(
  address: string,
  options: RedisOptions = {},
  cluster: ClusterClientOptions = {},
): Redis {
  return createRedisClient(address, options, cluster);
}

/**
 * A process's Redis address from its parsed settings: `REDIS_CLUSTER_NODES` (a cluster) when set,
 * else `REDIS_URL`. Stops start-up with one line naming the bad or missing variable.
 */
export function redisAddressOf(env: { REDIS_URL?: string; REDIS_CLUSTER_NODES?: string }): string {
  let address: string | undefined;
  try {
    address = redisAddressFromEnv(env);
  } catch (error) {
    throw new Error(`invalid configuration: ${(error as Error).message}`);
  }
  if (!address) throw new Error('invalid configuration: REDIS_URL: required (or REDIS_CLUSTER_NODES)');
  return address;
}

/** Options BullMQ requires of the connections its workers use. */
export function createBullConnection(address: string): Redis {
  return createRedisClient(address, { maxRetriesPerRequest: null });
}

export function isCluster(redis: Redis): redis is Cluster {
  return 'isCluster' in redis && redis.isCluster === true;
}

/**
 * Every key matching a SCAN pattern, a batch at a time: on a cluster, from each primary in turn
 * (SCAN on a cluster client would ask one node only).
 */
export async function* scanKeys(redis: Redis, pattern: string, count = 1000): AsyncGenerator<string[]> {
  const nodes: SingleRedis[] = isCluster(redis) ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', count);
      cursor = next;
      if (keys.length) yield keys;
    } while (cursor !== '0');
  }
}

/**
 * Deletes keys that may lie in different slots: one command per slot group on a cluster (a
 * multi-key DEL must stay in one slot), one command on a single Redis.
 */
export async function unlinkKeys(redis: Redis, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  if (!isCluster(redis)) {
    await redis.unlink(...keys);
    return;
  }
  await Promise.all(keys.map((key) => redis.unlink(key)));
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/**
 * Runs a pipeline or a MULTI and answers its replies in order, throwing the first command's error.
 * ioredis resolves a batch whose commands failed (a cluster node failing over, a connection lost
 * midway) with `[error, undefined]` pairs rather than rejecting, and read as replies those lie: a
 * failed `ZSCORE` is not null, so a like read as made (the crash test lost likes answered "已点赞"
 * while a primary failed over), and a failed write read as done. Every batch goes through here.
 */
export async function execAll(batch: ChainableCommander): Promise<unknown[]> {
  const replies = await batch.exec();
  // EXEC answers null when a WATCHed key changed; nothing here watches, so it is a failure too.
  if (!replies) throw new Error('Redis batch aborted: EXEC answered no replies');
  for (const [error] of replies) if (error) throw error;
  return replies.map(([, reply]) => reply);
}

/** The oldest Redis whose commands the site uses (`EXPIRE … NX`, `SET … PXAT`, sharded pub/sub). */
const OLDEST_REDIS_MAJOR = 7;

/** What is wrong with a Redis by its `INFO server` text, or null when it will do. */
export function redisVersionProblem(info: string): string | null {
  const version = /^redis_version:(\S+)/m.exec(info)?.[1];
  if (!version) return null;
  const major = Number(version.split('.')[0]);
  if (!Number.isInteger(major) || major >= OLDEST_REDIS_MAJOR) return null;
  return `Redis ${version} is too old: the site needs Redis ${OLDEST_REDIS_MAJOR} or later (EXPIRE NX, SET PXAT)`;
}

/**
 * Stops a process's start with one line when its Redis is older than the site needs, rather than
 * failing the first rate-limited request with Redis's own syntax error. A server that answers no
 * version (a proxy of another make) is taken as it is.
 */
export async function assertRedisVersion(redis: Redis): Promise<void> {
  const problem = redisVersionProblem(await redis.info('server'));
  if (problem) throw new Error(problem);
}
