/**
 * Fixture: publishes a topic through the real `createTopic` (or, with DELETE_TOPIC_ID, deletes one
 * through the real `deleteTopic`), then dies by SIGKILL at the point where the read model is
 * written, i.e. after the change and its event are in MongoDB and before any list shows it.
 */
import { Redis } from 'ioredis';
import {
  connectDatabase,
  createRedis,
  createTopic,
  systemContext,
  deleteTopic,
  initEventBus,
  initKv,
  User,
  type UserDoc,
} from '@forum/core';

// Commands of clients and of their MULTI blocks both come from ioredis's shared Commander prototype.
const commander = Object.getPrototypeOf(Redis.prototype) as { set: (...args: unknown[]) => unknown };
const set = commander.set;
commander.set = function killAtProjection(this: unknown, ...args: unknown[]) {
  if (String(args[0]).includes(':rm:e:topic:')) process.kill(process.pid, 'SIGKILL');
  return set.apply(this, args);
};

await connectDatabase(process.env.MONGO_URL!, process.env.MONGO_DB);
initKv(createRedis(process.env.REDIS_URL!), process.env.REDIS_PREFIX);
// Nothing listens here, so even without the kill no job could be enqueued: only the sweeper can.
initEventBus({ redisUrl: 'redis://127.0.0.1:1', prefix: process.env.REDIS_PREFIX });
const author = await User.findById(Number(process.env.AUTHOR_ID)).lean<UserDoc>();
if (process.env.DELETE_TOPIC_ID) {
  await deleteTopic(systemContext(author), Number(process.env.DELETE_TOPIC_ID));
} else {
  await createTopic(systemContext(author), {
    type: 0,
    nodeId: 0,
    title: process.env.TOPIC_TITLE!,
    content: '断电前写下的内容',
  } as never);
}
console.error('the write returned: the process should have died before this line');
process.exit(3);
