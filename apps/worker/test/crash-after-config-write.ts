/**
 * Fixture: saves a site setting through the real `saveSiteConfig`, then dies by SIGKILL at the point
 * where the dispatcher hands the event to BullMQ, i.e. after the write and before the enqueue.
 */
import { Queue } from 'bullmq';
import { saveSiteConfig, systemContext, type UserDoc } from '@forum/core';
import { connectDoomedProcess, survived } from './doomed-process';

Queue.prototype.add = function killBeforeEnqueue(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: the process was killed');
};

// With Redis: a row the database lacks takes its id from the site's sequence.
await connectDoomedProcess({ kv: true });
// The save is made as user 1, the id the test expects in the event; nothing reads that user.
await saveSiteConfig(systemContext({ _id: 1 } as UserDoc), {
  siteTitle: process.env.SITE_TITLE ?? '语音社区（测试）',
});
survived('saveSiteConfig');
