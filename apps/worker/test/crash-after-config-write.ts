/**
 * Fixture: saves a site setting through the real `saveSiteConfig`, then dies by SIGKILL at the point
 * where the dispatcher hands the event to BullMQ, i.e. after the write and before the enqueue.
 */
import { Queue } from 'bullmq';
import { connectDatabase, initEventBus, saveSiteConfig, systemContext, type UserDoc } from '@forum/core';

Queue.prototype.add = function killBeforeEnqueue(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: the process was killed');
};

await connectDatabase(process.env.MONGO_URL!, process.env.MONGO_DB);
// Nothing listens here, so even without the kill above no job could reach Redis.
initEventBus({ redisUrl: 'redis://127.0.0.1:1', prefix: process.env.REDIS_PREFIX });
// The save is made as user 1, the id the test expects in the event; nothing reads that user.
await saveSiteConfig(systemContext({ _id: 1 } as UserDoc), {
  siteTitle: process.env.SITE_TITLE ?? '语音社区（测试）',
});
console.error('saveSiteConfig returned: the process should have died before this line');
process.exit(3);
