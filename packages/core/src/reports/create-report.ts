import { Texts, type CreateReportCommand } from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { AppError } from '../errors';
import { authorize, signedIn } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { hiddenByReports, openReportCount, projectReport } from '../read-model/reports';
import type { RequestContext } from '../request-context';
import { holdForReview } from './hold';
import { Report, reportId } from './model';
import { readReportTarget } from './targets';

export interface CreateReportResult {
  /** Open reports of the item now. */
  count: number;
  /** The item is hidden pending review (now or already). */
  hidden: boolean;
}

/**
 * A member reports an item, once per item (the row's `_id` is item and reporter: a second report
 * is refused with 你已经举报过该内容). Reported by `reportHideThreshold` members, content is hidden
 * pending review until a moderator decides.
 */
export async function createReport(
  ctx: RequestContext,
  input: CreateReportCommand,
): Promise<CreateReportResult> {
  const actor = signedIn(ctx.actor);
  await hitRateLimit('report-create', actor._id);
  const target = await readReportTarget(input.targetType, input.targetId);
  if (!target?.present) throw new AppError('NOT_FOUND', Texts.reports.missingTarget);
  authorize(actor, 'report', target);
  const row = {
    _id: reportId(input.targetType, input.targetId, actor._id),
    targetType: input.targetType,
    targetId: input.targetId,
    userId: actor._id,
    reason: input.reason,
    text: input.text,
    createTime: Date.now(),
    handled: false,
    decisionId: '',
  };
  try {
    await Report.create(row);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw new AppError('CONFLICT', Texts.reports.alreadyReported);
    throw error;
  }
  await projectReport(row);
  const count = await openReportCount(input.targetType, input.targetId);
  const threshold = (await getSiteConfig()).reportHideThreshold;
  if (threshold > 0 && count >= threshold) await holdForReview(target);
  return { count, hidden: await hiddenByReports(input.targetType, input.targetId) };
}
