/** A handled report tells every reporter, once, on the real `notify` queue and worker (docs/moderation.md). */
import { describe, expect, it } from 'vitest';
import { MessageType } from '@forum/contracts';
import { createReport, handleReport, listMessages } from '@forum/core';
import { buildAdmin, buildTopic, buildUser, contextFor, useTestServices } from '@forum/core/testing';
import { useWorkerForum } from '../test/helpers';
import { messagesOf } from '../test/inbox';

const services = useTestServices();
useWorkerForum(services, ['notify', 'maintenance']);

describe('report.handled', () => {
  it('tells each reporter from the system what was done, quoting the item', async () => {
    const [admin, first, second] = [await buildAdmin(), await buildUser(), await buildUser()];
    const topic = await buildTopic({ title: '刷屏的话题' });
    for (const reporter of [first, second])
      await createReport(contextFor(reporter), {
        targetType: 'topic',
        targetId: topic._id,
        reason: 'spam',
        text: '',
      });
    await handleReport(contextFor(admin), { targetType: 'topic', targetId: topic._id, action: 'delete' });
    for (const reporter of [first, second]) {
      const messages = await messagesOf(reporter, 1);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({
        from: { id: 0, nickname: '系统通知' },
        type: MessageType.ReportHandled,
        title: '你的举报已处理：该内容已被删除',
        quoteContent: '「刷屏的话题」',
      });
    }
  });

  it('a dismissal tells the reporter and nobody else; the author of a muted-for item hears of the mute', async () => {
    const [admin, reporter, author] = [await buildAdmin(), await buildUser(), await buildUser()];
    const topic = await buildTopic({ userId: author._id, title: '争议话题' });
    await createReport(contextFor(reporter), {
      targetType: 'topic',
      targetId: topic._id,
      reason: 'offTopic',
      text: '',
    });
    await handleReport(contextFor(admin), { targetType: 'topic', targetId: topic._id, action: 'dismiss' });
    const [dismissed] = await messagesOf(reporter, 1);
    expect(dismissed).toMatchObject({ title: '你的举报已处理：经审核，该内容未违反社区规则' });
    // The item is still there: the message leads to it.
    expect(dismissed!.detailUrl).toMatch(new RegExp(`/topic/${topic._id}$`));
    expect((await listMessages(author, 1)).results).toEqual([]);

    const other = await buildUser();
    await createReport(contextFor(other), {
      targetType: 'user',
      targetId: author._id,
      reason: 'abuse',
      text: '',
    });
    await handleReport(contextFor(admin), {
      targetType: 'user',
      targetId: author._id,
      action: 'mute',
      days: 1,
    });
    expect((await messagesOf(other, 1))[0]).toMatchObject({ title: '你的举报已处理：该用户已被禁言' });
    expect((await messagesOf(author, 1))[0]).toMatchObject({ type: MessageType.MuteChanged });
  });

  it('two moderators deciding one item at once: one decision, one mute, one message each', async () => {
    const [first, second, reporter, author] = [
      await buildAdmin(),
      await buildAdmin(),
      await buildUser(),
      await buildUser(),
    ];
    const topic = await buildTopic({ userId: author._id, title: '两位管理员同时处理' });
    await createReport(contextFor(reporter), {
      targetType: 'topic',
      targetId: topic._id,
      reason: 'spam',
      text: '',
    });
    const decisions = await Promise.allSettled(
      [first, second].map((admin) =>
        handleReport(contextFor(admin), {
          targetType: 'topic',
          targetId: topic._id,
          action: 'mute',
          days: 1,
        }),
      ),
    );
    expect(decisions.filter((decision) => decision.status === 'fulfilled')).toHaveLength(1);
    const [refused] = decisions.filter((decision) => decision.status === 'rejected');
    // Refused while the other decides, or (had it come after) nothing left open.
    expect((refused!.reason as Error).message).toMatch(/另一位管理员正在处理|没有待处理的举报/);
    expect(await messagesOf(reporter, 1)).toHaveLength(1);
    expect(await messagesOf(author, 1)).toHaveLength(1);
    // Once decided, the claim is gone: a later attempt is told nothing is open.
    await expect(
      handleReport(contextFor(second), { targetType: 'topic', targetId: topic._id, action: 'dismiss' }),
    ).rejects.toThrow('该内容没有待处理的举报');
  });
});
