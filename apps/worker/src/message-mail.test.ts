/**
 * Notice mails of messages (docs/legacy-api.md §4.18) on the real `mail` queue, worker and an SMTP
 * server: what arrives within one interval goes out as one mail, and nothing is mailed to a user
 * who turned notices off or whose e-mail is not verified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import {
  User,
  closeEventBus,
  createRedis,
  deleteTopic,
  ensureDefaultNode,
  getQueue,
  initEventBus,
  initKv,
  kv,
  noticeJobOf,
  pendingNoticesKey,
  queueMessageMail,
  rebuildReadModel,
  seedSiteConfig,
  setEmailNotify,
  type Redis,
} from '@forum/core';
import {
  buildAdmin,
  buildComment,
  buildUser,
  contextFor,
  postTopic,
  startSmtpCapture,
  type SmtpCapture,
  useTestServices,
} from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
const intervalSeconds = 3;
let redis: Redis;
let smtp: SmtpCapture;
let worker: RunningWorker;

beforeAll(async () => {
  redis = createRedis(services.redisUrl);
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  smtp = await startSmtpCapture();
  await seedSiteConfig();
  await ensureDefaultNode();
  await rebuildReadModel();
  worker = await startWorker(
    workerConfigFor(services, {
      queues: ['mail', 'notify'],
      mailNoticeIntervalSeconds: intervalSeconds,
      mail: {
        baseUrl: 'http://forum.test',
        smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'noreply@forum.test' },
      },
    }),
  );
});
afterAll(async () => {
  await worker.close();
  await closeEventBus();
  await smtp.close();
  await redis.quit();
});

let mailboxes = 0;
/** An address the SMTP capture receives for, verified, on a user that keeps mail notifications on. */
const mailbox = () => ({ email: `m${++mailboxes}@example.com`, emailVerified: true });

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.rcptTo.includes(email));

/** Waits for the start of an interval, so that what a test queues at once falls in one interval. */
async function atIntervalStart(): Promise<void> {
  const intervalMs = intervalSeconds * 1000;
  const left = intervalMs - (Date.now() % intervalMs);
  if (left < intervalMs - 200) await new Promise((resolve) => setTimeout(resolve, left + 20));
}

async function noticeJobCompleted(jobId: string) {
  await waitFor(
    `${jobId} to complete`,
    async () => (await getQueue(QueueName.Mail).getJobState(jobId)) === 'completed',
  );
}

describe('notice mails', () => {
  it('messages of one interval arrive as one mail, later ones in the next', async () => {
    const user = await buildUser(mailbox());
    await atIntervalStart();
    const { jobId } = noticeJobOf(user._id);
    expect(
      await queueMessageMail(user._id, { title: '回复了你的话题', content: '写得很好', url: '/topic/1' }),
    ).toBe(true);
    expect(await queueMessageMail(user._id, { title: '点赞了你的话题', content: '', url: '/topic/1' })).toBe(
      true,
    );
    expect(
      await queueMessageMail(user._id, { title: '回复了你的评论', content: '同意', url: '/topic/2' }),
    ).toBe(true);
    // One delayed job for the interval, however many messages.
    expect(await getQueue(QueueName.Mail).getJobState(jobId)).toBe('delayed');

    await noticeJobCompleted(jobId);
    const [first] = mailsTo(user.email);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(first!.subject).toBe('语音社区 - 你有 3 条新消息');
    for (const text of ['回复了你的话题', '写得很好', '点赞了你的话题', '回复了你的评论', '同意']) {
      expect(first!.html).toContain(text);
    }
    expect(first!.html).toContain('http://forum.test/topic/2');
    expect(first!.html).toContain('http://forum.test/user/messages');
    expect(await kv().llen(pendingNoticesKey(user._id))).toBe(0);

    await queueMessageMail(user._id, { title: '收藏了你的话题', content: '', url: '/topic/3' });
    await waitFor('the second mail', async () => mailsTo(user.email).length === 2);
    const second = mailsTo(user.email)[1]!;
    expect(second.subject).toBe('语音社区 - 收藏了你的话题');
    expect(second.html).not.toContain('回复了你的话题');
  });

  it('a user who turned notices off gets no mail, also for what waited when they did', async () => {
    const off = await buildUser({ ...mailbox(), emailNotify: false });
    expect(await queueMessageMail(off._id, { title: '回复了你的话题', content: '', url: '/topic/1' })).toBe(
      false,
    );
    expect(await kv().exists(pendingNoticesKey(off._id))).toBe(0);

    const changing = await buildUser(mailbox());
    const { jobId } = noticeJobOf(changing._id);
    expect(
      await queueMessageMail(changing._id, { title: '回复了你的话题', content: '', url: '/topic/1' }),
    ).toBe(true);
    await setEmailNotify(contextFor(changing), false);
    expect((await User.findById(changing._id).lean())?.emailNotify).toBe(false);

    await noticeJobCompleted(jobId);
    expect(await kv().llen(pendingNoticesKey(changing._id))).toBe(0);
    expect(mailsTo(changing.email)).toEqual([]);
    expect(mailsTo(off.email)).toEqual([]);
  });

  it('nothing is queued for an unverified e-mail or without one', async () => {
    const unverified = await buildUser({ ...mailbox(), emailVerified: false });
    const withoutEmail = await buildUser({ emailVerified: true });
    for (const user of [unverified, withoutEmail]) {
      expect(
        await queueMessageMail(user._id, { title: '回复了你的话题', content: '', url: '/topic/1' }),
      ).toBe(false);
      expect(await kv().exists(pendingNoticesKey(user._id))).toBe(0);
      expect(await getQueue(QueueName.Mail).getJob(noticeJobOf(user._id).jobId)).toBeUndefined();
    }
  });
});

describe('messages that are mailed', () => {
  it('a comment on a topic is mailed to its author with the subject of its type; a deletion is not', async () => {
    const author = await buildUser(mailbox());
    const commenter = await buildUser();
    const admin = await buildAdmin();
    await atIntervalStart();
    const { jobId } = noticeJobOf(author._id);
    const topic = await postTopic(author, '端点检测');
    await buildComment({ author: commenter, entityId: topic._id, content: '用 VAD 吗' });
    await noticeJobCompleted(jobId);
    const [mail] = mailsTo(author.email);
    expect(mail!.subject).toBe('语音社区 - 收到话题评论');
    expect(mail!.html).toContain(`${commenter.nickname} 回复了你的话题`);
    expect(mail!.html).toContain('用 VAD 吗');
    expect(mail!.html).toContain(`http://forum.test/topic/${topic._id}`);

    // Type 5 (deleted by someone else) is stored but never mailed (docs/legacy-api.md §4.18).
    await deleteTopic(contextFor(admin), topic._id);
    await new Promise((resolve) => setTimeout(resolve, intervalSeconds * 1000 + 1000));
    expect(mailsTo(author.email)).toHaveLength(1);
  });
});
