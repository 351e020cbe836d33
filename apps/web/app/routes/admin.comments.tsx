import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminCommentFilter } from '@forum/contracts';
import { Card } from '~/components/Card';
import { AdminResults, Badge, ConfirmAction, FilterBar, useListQuery } from '~/features/admin/kit';
import { DELETED_OPTIONS, idValue, statusFilter } from '~/features/admin/filters';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.comments;
const common = AdminTexts.common;

type Filters = Omit<AdminCommentFilter, 'page' | 'limit'>;

const entityNames: Record<string, string> = texts.entityNames;

/** 评论: find comments by id, author or what they are on; delete and restore them. */
export default function AdminComments() {
  const trpc = useTRPC();
  const { query, search, goTo } = useListQuery<Filters>({});
  const { data } = useQuery({
    ...trpc.adminComments.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  const act = useAdminAction();
  const remove = useMutation(trpc.adminComments.delete.mutationOptions());
  const restore = useMutation(trpc.adminComments.restore.mutationOptions());

  return (
    <Card title={texts.title}>
      <FilterBar
        fields={[
          { name: 'id', label: common.id, numeric: true },
          { name: 'userId', label: common.userId, numeric: true },
          {
            name: 'entityType',
            label: texts.entityType,
            options: [
              { value: 'topic', label: texts.entityNames.topic },
              { value: 'article', label: texts.entityNames.article },
            ],
          },
          { name: 'entityId', label: texts.entityId, numeric: true },
          {
            name: 'status',
            label: common.status,
            options: DELETED_OPTIONS,
          },
        ]}
        onSearch={(values) =>
          search({
            id: idValue(values.id),
            userId: idValue(values.userId),
            entityType:
              values.entityType === 'topic' || values.entityType === 'article'
                ? values.entityType
                : undefined,
            entityId: idValue(values.entityId),
            status: statusFilter(values.status),
          })
        }
      />
      <AdminResults data={data} empty={texts.noMatch} onPage={goTo}>
        {(rows) => (
          <ul className="divide-y divide-line" data-testid="admin-comments">
            {rows.map((comment) => (
              <li key={comment.id} className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-2 text-xs text-faint">
                  <a href={`/user/${comment.user.id}`} className="text-muted hover:text-accent">
                    {comment.user.nickname}
                  </a>
                  <span>ID {comment.id}</span>
                  <span>@{formatDateTime(comment.createTime)}</span>
                  {comment.entityType === 'topic' || comment.entityType === 'article' ? (
                    <a href={`/${comment.entityType}/${comment.entityId}`} className="text-link">
                      {texts.target(entityNames[comment.entityType]!, comment.entityId)}
                    </a>
                  ) : (
                    <span>
                      {texts.target(entityNames[comment.entityType] ?? comment.entityType, comment.entityId)}
                    </span>
                  )}
                  {comment.status === 1 && <Badge tone="red">{common.deleted}</Badge>}
                  {comment.status === 2 && <Badge tone="amber">{common.reportHidden}</Badge>}
                </div>
                <div
                  className="content mt-1 text-sm text-body"
                  dangerouslySetInnerHTML={{ __html: comment.content }}
                />
                <div className="mt-2 flex gap-4">
                  {comment.status === 2 ? (
                    <a href="/admin/reports" className="text-link">
                      {common.toReports}
                    </a>
                  ) : comment.status === 0 ? (
                    <ConfirmAction
                      label={common.delete}
                      message={texts.confirmDelete}
                      onConfirm={() => act(() => remove.mutateAsync({ id: comment.id }), common.deletedDone)}
                    />
                  ) : (
                    <ConfirmAction
                      label={common.restore}
                      message={texts.confirmRestore}
                      onConfirm={() =>
                        act(() => restore.mutateAsync({ id: comment.id }), common.restoredDone)
                      }
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminResults>
    </Card>
  );
}
