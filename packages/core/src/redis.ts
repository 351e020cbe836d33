import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * A Redis client. `keyPrefix` namespaces plain keys (tests give each file its own); BullMQ gets its
 * own `prefix` option instead, because it manages key names itself.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, ...options });
}

/** Options BullMQ requires of the connections its workers use. */
export function createBullConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

export async function pingRedis(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
