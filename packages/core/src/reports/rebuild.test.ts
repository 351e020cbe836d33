/** The read model's report queue and block sets come back from MongoDB after Redis lost them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockUser } from '../blocks/block-user';
import { saveSiteConfig } from '../config/save-site-config';
import { closeEventBus, initEventBus } from '../events';
import { hasBlocked } from '../read-model/blocks';
import { rebuildReadModel } from '../read-model/rebuild';
import { hiddenByReports, openReports, reportQueuePage } from '../read-model/reports';
import { systemContext } from '../request-context';
import { buildAdmin, buildTopic, buildUser, contextFor, useTestServices } from '../testing';
import { createReport } from './create-report';
import { handleReport } from './handle-report';

const services = useTestServices();
beforeAll(() => initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) }));
afterAll(async () => {
  await saveSiteConfig(systemContext(), { reportHideThreshold: 5 });
  await closeEventBus();
});

describe('rebuilding the read model', () => {
  it('restores open reports, hidden items and block sets; handled reports stay out of the queue', async () => {
    await saveSiteConfig(systemContext(), { reportHideThreshold: 1 });
    const [admin, reporter, blocker, blocked] = [
      await buildAdmin(),
      await buildUser(),
      await buildUser(),
      await buildUser(),
    ];
    const [open, settled] = [await buildTopic(), await buildTopic()];
    for (const topic of [open, settled])
      await createReport(contextFor(reporter), {
        targetType: 'topic',
        targetId: topic._id,
        reason: 'spam',
        text: '',
      });
    await handleReport(contextFor(admin), { targetType: 'topic', targetId: settled._id, action: 'dismiss' });
    await blockUser(contextFor(blocker), blocked._id);

    await rebuildReadModel();

    const { items } = await reportQueuePage(1, 20);
    expect(items).toEqual([{ targetType: 'topic', targetId: open._id }]);
    expect(await openReports('topic', open._id)).toMatchObject([{ userId: reporter._id, reason: 'spam' }]);
    expect(await hiddenByReports('topic', open._id)).toBe(true);
    expect(await hiddenByReports('topic', settled._id)).toBe(false);
    expect(await hasBlocked(blocker._id, blocked._id)).toBe(true);
    expect(await hasBlocked(blocked._id, blocker._id)).toBe(false);
  });
});
