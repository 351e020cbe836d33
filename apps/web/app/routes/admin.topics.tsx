import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminTopicFilter } from '@forum/contracts';
import { Card } from '~/components/Card';
import {
  AdminResults,
  Badge,
  ConfirmAction,
  FilterBar,
  actionClass,
  useListQuery,
} from '~/features/admin/kit';
import {
  DELETED_OPTIONS,
  booleanFilter,
  booleanOptions,
  idValue,
  statusFilter,
} from '~/features/admin/filters';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { useNodes } from '~/features/nodes/use-nodes';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';

type Filters = Omit<AdminTopicFilter, 'page' | 'limit'>;

/** 话题: find topics and tweets, delete and restore them, recommend and pin them. */
export default function AdminTopics() {
  const trpc = useTRPC();
  const nodes = useNodes();
  const { query, search, goTo } = useListQuery<Filters>({});
  const { data } = useQuery({
    ...trpc.adminTopics.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  const act = useAdminAction();
  const remove = useMutation(trpc.adminTopics.delete.mutationOptions());
  const restore = useMutation(trpc.adminTopics.restore.mutationOptions());
  const recommend = useMutation(trpc.adminTopics.recommend.mutationOptions());
  const sticky = useMutation(trpc.adminTopics.sticky.mutationOptions());

  return (
    <Card title="话题">
      <FilterBar
        fields={[
          { name: 'id', label: '编号', numeric: true },
          { name: 'userId', label: '用户编号', numeric: true },
          { name: 'title', label: '标题' },
          {
            name: 'nodeId',
            label: '节点',
            options: nodes.map((node) => ({ value: String(node.nodeId), label: node.name })),
          },
          {
            name: 'status',
            label: '状态',
            options: DELETED_OPTIONS,
          },
          {
            name: 'recommend',
            label: '推荐',
            options: booleanOptions('已推荐', '未推荐'),
          },
        ]}
        onSearch={(values) =>
          search({
            id: idValue(values.id),
            userId: idValue(values.userId),
            title: values.title,
            nodeId: idValue(values.nodeId),
            status: statusFilter(values.status),
            recommend: booleanFilter(values.recommend),
          })
        }
      />
      <AdminResults data={data} empty="没有符合条件的话题" onPage={goTo}>
        {(rows) => (
          <ul className="divide-y divide-line" data-testid="admin-topics">
            {rows.map((topic) => (
              <li key={topic.topicId} className="px-4 py-3" data-testid={`admin-topic-${topic.topicId}`}>
                <div className="flex flex-wrap items-center gap-2 text-xs text-faint">
                  <span>ID {topic.topicId}</span>
                  <a href={`/user/${topic.user.id}`} className="text-muted hover:text-accent">
                    {topic.user.nickname}
                  </a>
                  <span>发布于 {formatDateTime(topic.createTime)}</span>
                  {topic.node && <span>{topic.node.name}</span>}
                  <span>
                    查看 {topic.viewCount} · 评论 {topic.commentCount} · 点赞 {topic.likeCount}
                  </span>
                  {topic.status === 1 && <Badge tone="red">已删除</Badge>}
                  {topic.recommend && <Badge tone="green">已推荐</Badge>}
                  {topic.sticky && <Badge tone="amber">置顶</Badge>}
                  {topic.type === 1 && <Badge tone="gray">动态</Badge>}
                </div>
                <a
                  href={`/topic/${topic.topicId}`}
                  className="mt-1 block font-medium text-body hover:text-accent"
                >
                  {topic.title || '（动态）'}
                </a>
                {topic.type === 1 ? (
                  // A tweet's text comes escaped from the server (legacy TopicResponse).
                  <p
                    className="mt-1 line-clamp-2 text-sm text-muted"
                    dangerouslySetInnerHTML={{ __html: topic.content }}
                  />
                ) : (
                  <p className="mt-1 line-clamp-2 text-sm text-muted">{topic.summary}</p>
                )}
                <div className="mt-2 flex flex-wrap gap-4">
                  {topic.status === 0 ? (
                    <ConfirmAction
                      label="删除"
                      message="是否确认删除该话题?"
                      onConfirm={() => act(() => remove.mutateAsync({ id: topic.topicId }), '删除成功')}
                    />
                  ) : (
                    <ConfirmAction
                      label="恢复"
                      message="是否确认恢复该话题?"
                      onConfirm={() => act(() => restore.mutateAsync({ id: topic.topicId }), '恢复成功')}
                    />
                  )}
                  {topic.status === 0 && (
                    <>
                      <button
                        type="button"
                        className={actionClass}
                        onClick={() =>
                          void act(
                            () => recommend.mutateAsync({ id: topic.topicId, value: !topic.recommend }),
                            topic.recommend ? '已取消推荐' : '推荐成功',
                          )
                        }
                      >
                        {topic.recommend ? '取消推荐' : '推荐'}
                      </button>
                      <button
                        type="button"
                        className={actionClass}
                        onClick={() =>
                          void act(
                            () => sticky.mutateAsync({ id: topic.topicId, value: !topic.sticky }),
                            topic.sticky ? '已取消置顶' : '置顶成功',
                          )
                        }
                      >
                        {topic.sticky ? '取消置顶' : '置顶'}
                      </button>
                    </>
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
