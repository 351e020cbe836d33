import { Texts, type HandleReportCommand, type ReportAction } from '@forum/contracts';
import { deleteCommentAsModerator } from '../admin/delete-comment-as-moderator';
import { deleteArticle } from '../articles/delete-article';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import { insertWithEvents } from '../events/insert-with-events';
import { kv, kvKey } from '../kv';
import { newEvent } from '../events/outbox';
import { muteUser } from '../mute/mute-user';
import { authorize } from '../policies';
import { openReports, projectReport } from '../read-model/reports';
import type { RequestContext } from '../request-context';
import { deleteTopic } from '../topics/delete-topic';
import { releaseHold } from './hold';
import { Report, ReportDecision, reportId } from './model';
import { readReportTarget, type ReportTarget } from './targets';

export interface HandleReportResult {
  action: ReportAction;
  /** Reports settled. */
  count: number;
}

async function deleteTarget(ctx: RequestContext, target: ReportTarget): Promise<void> {
  switch (target.targetType) {
    case 'topic':
      return deleteTopic(ctx, target.targetId);
    case 'comment':
      return deleteCommentAsModerator(ctx, target.targetId);
    case 'article':
      return deleteArticle(ctx, target.targetId);
    default:
      throw new AppError('INVALID_INPUT', Texts.reports.cannotDeleteUser);
  }
}

/** How long a moderator's claim on an item's reports lasts if the process dies while deciding. */
const CLAIM_SECONDS = 60;

/**
 * A moderator settles an item's open reports (docs/moderation.md): dismiss (忽略: content hidden by
 * the reports is shown again), delete the content (the delete use cases, which tell its author), or
 * mute its author (`muteUser`, which tells them; hidden content is shown again: the author is
 * judged, not the item). One operation-log row; every reporter is told by `report.handled`.
 * One decision at a time per item: a second moderator deciding meanwhile is told someone else is,
 * and afterwards finds nothing open, so an item is never muted for or messaged about twice.
 */
export async function handleReport(
  ctx: RequestContext,
  input: HandleReportCommand,
): Promise<HandleReportResult> {
  const actor = authorize(ctx.actor, 'handleReports');
  const { targetType, targetId } = input;
  const claim = kvKey('reports', 'deciding', targetType, targetId);
  if ((await kv().set(claim, actor._id, 'EX', CLAIM_SECONDS, 'NX')) !== 'OK')
    throw new AppError('CONFLICT', Texts.reports.beingHandled);
  try {
    return await decide(ctx, actor._id, input);
  } finally {
    await kv().del(claim);
  }
}

async function decide(
  ctx: RequestContext,
  actorId: number,
  input: HandleReportCommand,
): Promise<HandleReportResult> {
  const { targetType, targetId, action } = input;
  const open = await openReports(targetType, targetId);
  if (open.length === 0) throw new AppError('NOT_FOUND', Texts.reports.nothingOpen);
  if (action === 'delete' && targetType === 'user')
    throw new AppError('INVALID_INPUT', Texts.reports.cannotDeleteUser);
  const target = await readReportTarget(targetType, targetId);
  if (action === 'mute') {
    if (!target) throw new AppError('NOT_FOUND', Texts.reports.missingTarget);
    await muteUser(ctx, { userId: target.userId, days: input.days ?? 0, reason: Texts.reports.muteReason });
  }
  if (target) await releaseHold(target);
  if (action === 'delete' && target?.present) await deleteTarget(ctx, target);

  const now = Date.now();
  const decisionId = `${targetType}-${targetId}-${now}`;
  const reporterIds = open.map((report) => report.userId);
  await insertWithEvents(
    ReportDecision,
    { _id: decisionId, targetType, targetId, action, actorId, reporterIds, createTime: now },
    [
      newEvent('report.handled', {
        decisionId,
        targetType,
        targetId,
        action,
        actorId,
        reporterIds,
        label: (target?.title ?? '').slice(0, 200),
      }),
    ],
  );
  for (const report of open) {
    const _id = reportId(targetType, targetId, report.userId);
    await Report.updateOne({ _id }, { $set: { handled: true, decisionId } });
    await projectReport({ _id, targetType, targetId, ...report, handled: true, decisionId });
  }
  await logAction(ctx, {
    opType: 'update',
    dataType: targetType,
    dataId: targetId,
    description: Texts.audit.reportHandled(action, open.length),
  });
  return { action, count: open.length };
}
