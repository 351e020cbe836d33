import { Texts, type RetryFailedJobsInput } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { getQueue } from '../events/queues';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';

/** At most this many failed jobs are retried by one call (BullMQ moves them in batches). */
const RETRY_ALL_LIMIT = 10_000;

/**
 * Runs failed jobs again: one (`jobId`) or every failed job of a queue. The console's one way to
 * change a queue (the dashboard only shows them), so each call is a row of the operation log. A
 * job runs as it was queued: an event job on its event as recorded.
 */
export async function retryFailedJobs(
  ctx: RequestContext,
  input: RetryFailedJobsInput,
): Promise<{ retried: number }> {
  authorize(ctx.actor, 'retryFailedJobs');
  const queue = getQueue(input.queue);
  let retried: number;
  if (input.jobId) {
    const job = await queue.getJob(input.jobId);
    if (!job || !(await job.isFailed()))
      throw new AppError('NOT_FOUND', Texts.queueDashboard.noSuchFailedJob);
    await job.retry('failed');
    retried = 1;
  } else {
    retried = Math.min(await queue.getFailedCount(), RETRY_ALL_LIMIT);
    if (retried > 0) await queue.retryJobs({ state: 'failed', count: RETRY_ALL_LIMIT });
  }
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'queue',
    dataId: 0,
    description: Texts.audit.failedJobsRetried(input.queue, input.jobId, retried),
  });
  return { retried };
}
