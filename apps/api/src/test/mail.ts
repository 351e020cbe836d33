/** Test support for the API's mail: an API whose worker sends through a real SMTP server. */
import { afterAll, beforeAll } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '@forum/core/testing';
import { startTestApi, type TestApi } from './harness';
import { startTestWorker, type RunningWorker } from './worker';

export interface MailingApi extends TestApi {
  /** The SMTP server the environment names: it receives what the worker sends. */
  smtp: SmtpCapture;
}

/**
 * For this file: a real SMTP server (asking for `credentials` when given), an API, and a real
 * worker on `queues` whose environment sends mail through that server from `from`; all stopped
 * afterwards. Links in the mails start with http://forum.test.
 */
export function useMailingApi(
  queues: string,
  { from, credentials }: { from: string; credentials?: { user: string; password: string } },
): MailingApi {
  const t = {} as MailingApi;
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    const smtp = await startSmtpCapture(credentials);
    Object.assign(t, await startTestApi(), { smtp });
    worker = await startTestWorker(t, queues, {
      BASE_URL: 'http://forum.test',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      ...(credentials && { SMTP_USER: credentials.user, SMTP_PASSWORD: credentials.password }),
      MAIL_FROM: from,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await t.close?.();
    await t.smtp?.close();
  });
  return t;
}

let mailboxes = 0;

/** An address no other test in the run has used. */
export function newAddress(): string {
  mailboxes += 1;
  return `reader${mailboxes}.${Date.now().toString(36)}@example.com`;
}
