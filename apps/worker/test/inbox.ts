/** Reading a member's messages in worker tests, after the real `notify` queue has done its work. */
import type { LegacyMessage } from '@forum/contracts';
import { getQueue, listMessages, type UserDoc } from '@forum/core';
import { waitFor } from './helpers';

/** The first page of the member's messages, newest first. */
export async function inbox(reader: UserDoc): Promise<LegacyMessage[]> {
  return (await listMessages(reader, 1)).results;
}

/** Waits until the notify queue has nothing waiting or running, so absent messages are really absent. */
export async function settled(): Promise<void> {
  await waitFor('the notify queue to drain', async () => {
    const counts = await getQueue('notify').getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).every((count) => count === 0);
  });
}

/** The member's messages once they have at least `count` and the queue is idle. */
export async function messagesOf(reader: UserDoc, count: number): Promise<LegacyMessage[]> {
  await waitFor(`${count} message(s) for ${reader._id}`, async () => (await inbox(reader)).length >= count);
  await settled();
  return inbox(reader);
}
