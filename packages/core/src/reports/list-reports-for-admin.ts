import {
  REPORT_QUEUE_PAGE_SIZE,
  ReportReasons,
  type ReportQueueInput,
  type ReportQueueItem,
  type ReportReason,
} from '@forum/contracts';
import { authorize } from '../policies';
import { hiddenByReports, openReports, reportQueuePage } from '../read-model/reports';
import { readUsers } from '../read-model/users';
import type { RequestContext } from '../request-context';
import { readReportTarget } from './targets';

/** A numbered page, as the console's lists are. */
export interface ReportQueuePage {
  page: { page: number; limit: number; total: number };
  results: ReportQueueItem[];
}

/** The console's 举报 queue: reported items with open reports, newest report first, from the read model. */
export async function listReportsForAdmin(
  ctx: RequestContext,
  input: ReportQueueInput,
): Promise<ReportQueuePage> {
  authorize(ctx.actor, 'listReportsForAdmin');
  const page = input.page ?? 1;
  const { total, items } = await reportQueuePage(page, REPORT_QUEUE_PAGE_SIZE);
  const loaded = await Promise.all(
    items.map(async ({ targetType, targetId }) => ({
      targetType,
      targetId,
      reports: await openReports(targetType, targetId),
      target: await readReportTarget(targetType, targetId),
      hidden: await hiddenByReports(targetType, targetId),
    })),
  );
  const userIds = new Set<number>();
  for (const item of loaded) {
    for (const report of item.reports) userIds.add(report.userId);
    if (item.target) userIds.add(item.target.userId);
  }
  const users = await readUsers([...userIds]);
  const person = (id: number) => ({ id, nickname: users.get(id)?.nickname ?? '' });
  const results = loaded.map(({ targetType, targetId, reports, target, hidden }): ReportQueueItem => {
    const reasons = Object.fromEntries(ReportReasons.map((reason) => [reason, 0])) as Record<
      ReportReason,
      number
    >;
    for (const report of reports) reasons[report.reason] += 1;
    return {
      targetType,
      targetId,
      count: reports.length,
      reasons,
      reports: reports.map((report) => ({
        reporter: person(report.userId),
        reason: report.reason,
        text: report.text,
        createTime: report.createTime,
      })),
      hidden,
      latestTime: Math.max(0, ...reports.map((report) => report.createTime)),
      target: {
        exists: !!target?.present,
        topicType: target?.topicType ?? 0,
        title: target?.title ?? '',
        excerpt: target?.excerpt ?? '',
        url: target?.url ?? '',
        author: target ? person(target.userId) : null,
      },
    };
  });
  return { page: { page, limit: REPORT_QUEUE_PAGE_SIZE, total }, results };
}
