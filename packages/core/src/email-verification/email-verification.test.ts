import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import { closeEventBus, getQueue, initEventBus } from '../events/queues';
import { sweepOutboxes } from '../events/sweeper';
import { PendingEvent } from '../events/pending-events';
import { initKv, kv, kvKey } from '../kv';
import { announceMailReadiness } from '../mail/availability';
import { createRedis, type Redis } from '../redis';
import { buildUser, useTestServices } from '../testing';
import { User } from '../users/model';
import { EmailCode } from './model';
import { requestEmailVerification } from './request-email-verification';
import { verificationMail } from './verification-mail';

const services = useTestServices();
let redis: Redis;

beforeAll(() => {
  redis = createRedis(services.redisUrl);
  initKv(redis, services.prefix);
});
afterAll(async () => {
  await closeEventBus();
  await redis.quit();
});

async function userWithEmail(email: string): Promise<number> {
  return (await buildUser({ email }))._id;
}

describe('requesting a verification mail', () => {
  it('is refused with the truth, queueing nothing, while no worker can send mail', async () => {
    await kv().del(kvKey('mail', 'ready'));
    // A worker without SMTP (none in its environment, none saved) announces nothing.
    expect(await announceMailReadiness(undefined)).toBe(false);
    const userId = await userWithEmail('nobody-sends@example.com');
    await expect(requestEmailVerification(userId)).rejects.toThrow(
      '本站暂未配置邮件发送，无法发送验证邮件，请联系站长',
    );
    expect(await EmailCode.exists({ userId })).toBeNull();

    // One with SMTP in its environment does; the request is then taken.
    const smtp = { host: '127.0.0.1', port: 2525, secure: false, from: 'forum@example.com' };
    expect(await announceMailReadiness(smtp)).toBe(true);
    expect(await requestEmailVerification(userId)).toEqual({ email: 'nobody-sends@example.com' });
  });

  it('keeps the event on the code row when it cannot be queued, and the sweeper queues it later', async () => {
    // The event bus is not initialised yet, so the dispatch fails and leaves the event recorded.
    const userId = await userWithEmail('sweep@example.com');
    expect(await requestEmailVerification(userId)).toEqual({ email: 'sweep@example.com' });
    const code = await EmailCode.findOne({ userId }).lean();
    expect(code!.outbox).toMatchObject([
      { type: 'email.verification-requested', payload: { codeId: code!._id, userId } },
    ]);
    expect(code!.token).toMatch(/^[0-9a-f]{64}$/);
    expect(code!.tokenHash).not.toBe(code!.token);

    initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
    expect(await sweepOutboxes(0)).toBeGreaterThanOrEqual(1);
    const eventId = code!.outbox![0]!.id;
    const job = await getQueue(QueueName.Mail).getJob(eventId);
    expect(job?.name).toBe('send-verification-mail');
    // Its state is now its own pending_events row; the sweeper never writes the code row.
    expect(await PendingEvent.exists({ _id: eventId })).toBeTruthy();
  });

  it('refuses a missing user and an already verified e-mail with the legacy texts', async () => {
    await expect(requestEmailVerification(987_654)).rejects.toThrow('用户不存在');
    const userId = await userWithEmail('done@example.com');
    await User.updateOne({ _id: userId }, { $set: { emailVerified: true } });
    await expect(requestEmailVerification(userId)).rejects.toThrow('用户邮箱已验证');
  });
});

describe('the verification mail', () => {
  it('escapes the site title and link in its HTML part only', () => {
    const mail = verificationMail('a@example.com', 'A<B>', 'http://x.test/user/email/verify?token=1&b=2');
    expect(mail.subject).toBe('邮箱验证 - A<B>');
    expect(mail.text).toContain('该邮件用于验证你在 A<B> 中设置邮箱的正确性');
    expect(mail.html).toContain('A&lt;B&gt;');
    expect(mail.html).toContain('href="http://x.test/user/email/verify?token=1&amp;b=2"');
  });
});
