/**
 * What the crash fixtures share: a process on the test file's database whose events cannot be
 * enqueued, a kill at a chosen Redis command, and the exit of a process that was not killed.
 */
import { Redis } from 'ioredis';
import { connectDatabase, createRedis, initEventBus, initKv } from '@forum/core';

/**
 * Connects to the test file's database (and, with `kv`, its Redis). Nothing listens at the event
 * bus's Redis, so even without a kill no job could be enqueued: only the sweeper can.
 */
export async function connectDoomedProcess({ kv }: { kv: boolean }): Promise<void> {
  await connectDatabase(process.env.MONGO_URL!, process.env.MONGO_DB);
  if (kv) initKv(createRedis(process.env.REDIS_URL!), process.env.REDIS_PREFIX);
  initEventBus({ redisUrl: 'redis://127.0.0.1:1', prefix: process.env.REDIS_PREFIX });
}

type Command = 'set' | 'eval';

/** Dies by SIGKILL when a Redis `command` is sent with arguments `killAt` accepts. */
export function killOnRedisCommand(command: Command, killAt: (args: unknown[]) => boolean): void {
  // Commands of clients and of their MULTI blocks both come from ioredis's shared Commander prototype.
  const commander = Object.getPrototypeOf(Redis.prototype) as Record<
    Command,
    (...args: unknown[]) => unknown
  >;
  const send = commander[command];
  commander[command] = function killAtProjection(this: unknown, ...args: unknown[]) {
    if (killAt(args)) process.kill(process.pid, 'SIGKILL');
    return send.apply(this, args);
  };
}

/** Ends a fixture whose `call` returned: the kill it was written for never came. */
export function survived(call: string): never {
  console.error(`${call} returned: the process should have died before this line`);
  process.exit(3);
}
