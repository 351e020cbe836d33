import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminCommentFilter } from '@forum/contracts';
import { Card } from '~/components/Card';
import { AdminResults, Badge, ConfirmAction, FilterBar, useListQuery } from '~/features/admin/kit';
import { DELETED_OPTIONS, idValue, statusFilter } from '~/features/admin/filters';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';

type Filters = Omit<AdminCommentFilter, 'page' | 'limit'>;

const entityNames: Record<string, string> = { topic: '话题', article: '文章', comment: '评论' };

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
    <Card title="评论">
      <FilterBar
        fields={[
          { name: 'id', label: '编号', numeric: true },
          { name: 'userId', label: '用户编号', numeric: true },
          {
            name: 'entityType',
            label: '评论对象',
            options: [
              { value: 'topic', label: '话题' },
              { value: 'article', label: '文章' },
            ],
          },
          { name: 'entityId', label: '对象编号', numeric: true },
          {
            name: 'status',
            label: '状态',
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
      <AdminResults data={data} empty="没有符合条件的评论" onPage={goTo}>
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
                      {entityNames[comment.entityType]}：{comment.entityId}
                    </a>
                  ) : (
                    <span>
                      {entityNames[comment.entityType] ?? comment.entityType}：{comment.entityId}
                    </span>
                  )}
                  {comment.status === 1 && <Badge tone="red">已删除</Badge>}
                </div>
                <div
                  className="content mt-1 text-sm text-body"
                  dangerouslySetInnerHTML={{ __html: comment.content }}
                />
                <div className="mt-2 flex gap-4">
                  {comment.status === 0 ? (
                    <ConfirmAction
                      label="删除"
                      message="确认要删除该评论？"
                      onConfirm={() => act(() => remove.mutateAsync({ id: comment.id }), '删除成功')}
                    />
                  ) : (
                    <ConfirmAction
                      label="恢复"
                      message="确认要恢复该评论？"
                      onConfirm={() => act(() => restore.mutateAsync({ id: comment.id }), '恢复成功')}
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
