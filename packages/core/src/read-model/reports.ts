/**
 * Reports in the read model (docs/moderation.md): the console's queue of reported items, each
 * item's open reports, and which items the reports hid.
 */
import type { ReportReason, ReportTargetType } from '@forum/contracts';
import { Report, ReportHold, reportItemKey, type ReportDoc, type ReportHoldDoc } from '../reports/model';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';
import { execAll } from '../redis';

export const reportLists = {
  /** Items with open reports, `<targetType>:<targetId>` scored by their latest report's time. */
  open: () => rmKey('reports', 'open'),
  /** An item's open reports: reporter id → `{reason, text, createTime}` as JSON. */
  item: (targetType: string, targetId: number) =>
    rmKey('reports', 'item', reportItemKey(targetType, targetId)),
  /** Items hidden pending review (a `report_holds` row each). */
  hidden: () => rmKey('reports', 'hidden'),
};

export interface OpenReport {
  userId: number;
  reason: ReportReason;
  text: string;
  createTime: number;
}

/** Puts an open report in its item's reports and the item in the queue; a handled one leaves them. */
export async function projectReport(report: ReportDoc): Promise<void> {
  const item = reportLists.item(report.targetType, report.targetId);
  const member = reportItemKey(report.targetType, report.targetId);
  if (!report.handled) {
    const value = JSON.stringify({ reason: report.reason, text: report.text, createTime: report.createTime });
    await execAll(
      rmRedis()
        .multi()
        .hset(item, String(report.userId), value)
        .zadd(reportLists.open(), 'GT', report.createTime, member),
    );
    return;
  }
  await rmRedis().hdel(item, String(report.userId));
  if ((await rmRedis().hlen(item)) === 0) await rmRedis().zrem(reportLists.open(), member);
}

export async function projectReportHold(hold: ReportHoldDoc, held: boolean): Promise<void> {
  if (held) await rmRedis().sadd(reportLists.hidden(), hold._id);
  else await rmRedis().srem(reportLists.hidden(), hold._id);
}

/** The open reports of an item, oldest first. */
export async function openReports(targetType: string, targetId: number): Promise<OpenReport[]> {
  const entries = await rmRedis().hgetall(reportLists.item(targetType, targetId));
  return Object.entries(entries)
    .map(([userId, json]) => ({
      userId: Number(userId),
      ...(JSON.parse(json) as Omit<OpenReport, 'userId'>),
    }))
    .sort((a, b) => a.createTime - b.createTime);
}

export function openReportCount(targetType: string, targetId: number): Promise<number> {
  return rmRedis().hlen(reportLists.item(targetType, targetId));
}

/** A page of the queue, newest reported first, and how many items it holds. */
export async function reportQueuePage(
  page: number,
  pageSize: number,
): Promise<{ total: number; items: { targetType: ReportTargetType; targetId: number }[] }> {
  const start = (page - 1) * pageSize;
  const [total, members] = await Promise.all([
    rmRedis().zcard(reportLists.open()),
    rmRedis().zrevrange(reportLists.open(), start, start + pageSize - 1),
  ]);
  const items = members.map((member) => {
    const [targetType, id] = member.split(':');
    return { targetType: targetType as ReportTargetType, targetId: Number(id) };
  });
  return { total, items };
}

export async function hiddenByReports(targetType: string, targetId: number): Promise<boolean> {
  return (await rmRedis().sismember(reportLists.hidden(), reportItemKey(targetType, targetId))) === 1;
}

defineRebuildSource<ReportDoc>({ name: 'reports', model: Report, project: projectReport });
defineRebuildSource<ReportHoldDoc>({
  name: 'report-holds',
  model: ReportHold,
  project: (hold) => projectReportHold(hold, true),
});
