import { randomUUID } from 'node:crypto';
import { MailSettingsMessages, QueueName, type TestMailInput } from '@forum/contracts';
import { AppError } from '../errors';
import { addJobAndWait } from '../events/queues';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';

/** How long the console waits for the worker to send a test mail. */
const TEST_MAIL_TIMEOUT_MS = 20_000;

/**
 * Has the worker send a test mail to `to` through the mail queue, as every mail goes, and waits for
 * it: the owner learns whether the settings in force (saved, else the environment's) work.
 */
export async function sendTestMail(ctx: RequestContext, input: TestMailInput): Promise<void> {
  authorize(ctx.actor, 'administer');
  const outcome = await addJobAndWait(
    QueueName.Mail,
    'send-test-mail',
    { to: input.to },
    { jobId: `test-mail-${randomUUID()}`, timeoutMs: TEST_MAIL_TIMEOUT_MS },
  );
  if (outcome.state === 'timeout') throw new AppError('INVALID_INPUT', MailSettingsMessages.testTimeout);
  if (outcome.state === 'failed') {
    throw new AppError('INVALID_INPUT', `${MailSettingsMessages.testFailed}：${outcome.reason}`);
  }
}
