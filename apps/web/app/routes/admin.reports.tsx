import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_MUTE_DAYS, ReportReasons, type ReportAction, type ReportQueueItem } from '@forum/contracts';
import { Card } from '~/components/Card';
import { ConfirmDialog } from '~/components/Dialog';
import { AdminResults, Badge, actionClass, useListQuery } from '~/features/admin/kit';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { useCurrentUser } from '~/features/users/session-hooks';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';
import { ReportsTexts } from '~/texts/reports';

const texts = AdminTexts.reports;
const muteDays = AdminTexts.users.muteDays;

/** 举报: reported items with open reports, newest first, each with its reports and the moderator's actions. */
export default function AdminReports() {
  const trpc = useTRPC();
  const { query, goTo } = useListQuery({});
  const { data } = useQuery({
    ...trpc.adminReports.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={texts.title}>
      <AdminResults data={data} empty={texts.empty} onPage={goTo}>
        {(items) => (
          <ul className="divide-y divide-line" data-testid="report-queue">
            {items.map((item) => (
              <ReportedItem key={`${item.targetType}:${item.targetId}`} item={item} />
            ))}
          </ul>
        )}
      </AdminResults>
    </Card>
  );
}

function targetLabel(item: ReportQueueItem): string {
  if (item.targetType === 'topic' && item.target.topicType === 1) return ReportsTexts.targets.tweet;
  return ReportsTexts.targets[item.targetType];
}

function ReportedItem({ item }: { item: ReportQueueItem }) {
  const trpc = useTRPC();
  const me = useCurrentUser();
  const handle = useMutation(trpc.adminReports.handle.mutationOptions());
  const act = useAdminAction();
  const [days, setDays] = useState<number>(7);
  const [asking, setAsking] = useState<ReportAction | null>(null);
  const choices = ADMIN_MUTE_DAYS.filter((value) => value !== -1 || me?.can.muteForever);
  const isUser = item.targetType === 'user';
  const run = (action: ReportAction) => {
    setAsking(null);
    const done = { dismiss: texts.dismissed, delete: texts.deleted, mute: texts.muted }[action];
    void act(
      () =>
        handle.mutateAsync({
          targetType: item.targetType,
          targetId: item.targetId,
          action,
          ...(action === 'mute' ? { days } : {}),
        }),
      done,
    );
  };
  const confirmations = {
    dismiss: texts.confirmDismiss,
    delete: texts.confirmDelete,
    mute: texts.confirmMute(muteDays(days)),
  };
  return (
    <li className="space-y-2 px-4 py-3 text-sm" data-testid="reported-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="gray">{targetLabel(item)}</Badge>
        <Badge tone="red">{texts.count(item.count)}</Badge>
        {item.hidden && <Badge tone="amber">{texts.hidden}</Badge>}
        {!item.target.exists && <Badge tone="gray">{texts.gone}</Badge>}
        <span className="text-xs text-faint">{formatDateTime(item.latestTime)}</span>
      </div>
      <div className="min-w-0">
        {item.target.url ? (
          <a
            href={item.target.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium break-words text-body hover:text-accent"
          >
            {item.target.title || `#${item.targetId}`}
          </a>
        ) : (
          <span className="font-medium text-body">#{item.targetId}</span>
        )}
        {item.target.excerpt && item.target.excerpt !== item.target.title && (
          <p className="mt-1 line-clamp-2 break-words text-muted">{item.target.excerpt}</p>
        )}
        {item.target.author && (
          <p className="mt-1 text-xs text-faint">
            {isUser ? texts.member : texts.author}
            <a href={`/user/${item.target.author.id}`} className="hover:text-accent">
              {item.target.author.nickname || item.target.author.id}
            </a>
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 text-xs">
        {ReportReasons.filter((reason) => item.reasons[reason] > 0).map((reason) => (
          <span key={reason} className="rounded bg-hover px-1.5 py-0.5 text-muted">
            {texts.reasonCount(ReportsTexts.reasons[reason], item.reasons[reason])}
          </span>
        ))}
      </div>
      <details className="text-xs text-muted">
        <summary className="cursor-pointer">{texts.reporters}</summary>
        <ul className="mt-1 space-y-1">
          {item.reports.map((report) => (
            <li key={report.reporter.id} className="break-words">
              <a href={`/user/${report.reporter.id}`} className="text-body hover:text-accent">
                {report.reporter.nickname || report.reporter.id}
              </a>{' '}
              · {ReportsTexts.reasons[report.reason]}
              {report.text && <> · {report.text}</>} · {formatDateTime(report.createTime)}
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          className={actionClass}
          disabled={handle.isPending}
          onClick={() => setAsking('dismiss')}
        >
          {texts.dismiss}
        </button>
        {!isUser && item.target.exists && (
          <button
            type="button"
            className={actionClass}
            disabled={handle.isPending}
            onClick={() => setAsking('delete')}
          >
            {texts.delete}
          </button>
        )}
        {item.target.author && (
          <span className="flex items-center gap-1">
            <select
              aria-label={texts.muteDays}
              className="h-7 rounded border border-line bg-card px-1 text-xs text-body"
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {choices.map((value) => (
                <option key={value} value={value}>
                  {muteDays(value)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={actionClass}
              disabled={handle.isPending}
              onClick={() => setAsking('mute')}
            >
              {isUser ? texts.muteMember : texts.mute}
            </button>
          </span>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        message={asking ? confirmations[asking] : ''}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      />
    </li>
  );
}
