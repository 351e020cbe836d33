/**
 * Legacy `GET /api/admin/user/synccount`: bbs-go recounted every user's topics and comments in the
 * background. Here those counts are the sizes of the read model's lists, so the same repair is the
 * nightly re-projection of everything, started now on the maintenance queue.
 */
import { QueueName, Texts } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { getQueue } from '../events/queues';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';

/** One run at a time: adding it again while it waits or runs is a no-op (same job id). */
export const RECOUNT_JOB_ID = 'reproject-everything-now';

export async function startUserRecount(ctx: RequestContext) {
  authorize(ctx.actor, 'moderate');
  await getQueue(QueueName.Maintenance).add(
    'reproject-everything',
    {},
    { jobId: RECOUNT_JOB_ID, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } },
  );
  await logAction(ctx, {
    opType: 'update',
    dataType: 'user',
    dataId: 0,
    description: Texts.audit.userCountsRecounted,
  });
}
