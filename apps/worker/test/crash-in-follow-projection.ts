/**
 * Fixture: FOLLOWER_ID follows FOLLOWED_ID through the real `followUser` (or, with ACTION=unfollow,
 * stops following through `unfollowUser`), then dies by SIGKILL at the point where the read model's
 * lists are changed, i.e. after MongoDB holds the change and its event and before Redis shows it.
 */
import { Redis } from 'ioredis';
import {
  connectDatabase,
  createRedis,
  followUser,
  initEventBus,
  initKv,
  systemContext,
  unfollowUser,
  User,
  type UserDoc,
} from '@forum/core';

// Commands of clients and of their MULTI blocks both come from ioredis's shared Commander prototype.
const commander = Object.getPrototypeOf(Redis.prototype) as { eval: (...args: unknown[]) => unknown };
const evaluate = commander.eval;
commander.eval = function killAtProjection(this: unknown, ...args: unknown[]) {
  // The membership script's first key names the row it places: `<prefix>rm:in:follow:<id>:…`.
  if (args.slice(2).some((arg) => String(arg).includes(':rm:in:follow:')))
    process.kill(process.pid, 'SIGKILL');
  return evaluate.apply(this, args);
};

await connectDatabase(process.env.MONGO_URL!, process.env.MONGO_DB);
initKv(createRedis(process.env.REDIS_URL!), process.env.REDIS_PREFIX);
// Nothing listens here, so even without the kill no job could be enqueued: only the sweeper can.
initEventBus({ redisUrl: 'redis://127.0.0.1:1', prefix: process.env.REDIS_PREFIX });
const act = process.env.ACTION === 'unfollow' ? unfollowUser : followUser;
const follower = await User.findById(Number(process.env.FOLLOWER_ID)).lean<UserDoc>();
await act(systemContext(follower), Number(process.env.FOLLOWED_ID));
console.error('the call returned: the process should have died before this line');
process.exit(3);
