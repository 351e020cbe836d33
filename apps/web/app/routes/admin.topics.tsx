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
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.topics;
const common = AdminTexts.common;

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
    <Card title={texts.title}>
      <FilterBar
        fields={[
          { name: 'id', label: common.id, numeric: true },
          { name: 'userId', label: common.userId, numeric: true },
          { name: 'title', label: common.title },
          {
            name: 'nodeId',
            label: texts.node,
            options: nodes.map((node) => ({ value: String(node.nodeId), label: node.name })),
          },
          {
            name: 'status',
            label: common.status,
            options: DELETED_OPTIONS,
          },
          {
            name: 'recommend',
            label: texts.recommend,
            options: booleanOptions(texts.recommended, texts.notRecommended),
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
      <AdminResults data={data} empty={texts.noMatch} onPage={goTo}>
        {(rows) => (
          <ul className="divide-y divide-line" data-testid="admin-topics">
            {rows.map((topic) => (
              <li key={topic.topicId} className="px-4 py-3" data-testid={`admin-topic-${topic.topicId}`}>
                <div className="flex flex-wrap items-center gap-2 text-xs text-faint">
                  <span>ID {topic.topicId}</span>
                  <a href={`/user/${topic.user.id}`} className="text-muted hover:text-accent">
                    {topic.user.nickname}
                  </a>
                  <span>{texts.postedAt(formatDateTime(topic.createTime))}</span>
                  {topic.node && <span>{topic.node.name}</span>}
                  <span>{texts.counts(topic.viewCount, topic.commentCount, topic.likeCount)}</span>
                  {topic.status === 1 && <Badge tone="red">{common.deleted}</Badge>}
                  {topic.status === 2 && <Badge tone="amber">{common.reportHidden}</Badge>}
                  {topic.recommend && <Badge tone="green">{texts.recommended}</Badge>}
                  {topic.sticky && <Badge tone="amber">{texts.sticky}</Badge>}
                  {topic.type === 1 && <Badge tone="gray">{texts.tweet}</Badge>}
                </div>
                <a
                  href={`/topic/${topic.topicId}`}
                  className="mt-1 block font-medium text-body hover:text-accent"
                >
                  {topic.title || texts.tweetTitle}
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
                  {topic.status === 2 ? (
                    <a href="/admin/reports" className="text-link">
                      {common.toReports}
                    </a>
                  ) : topic.status === 0 ? (
                    <ConfirmAction
                      label={common.delete}
                      message={texts.confirmDelete}
                      onConfirm={() =>
                        act(() => remove.mutateAsync({ id: topic.topicId }), common.deletedDone)
                      }
                    />
                  ) : (
                    <ConfirmAction
                      label={common.restore}
                      message={texts.confirmRestore}
                      onConfirm={() =>
                        act(() => restore.mutateAsync({ id: topic.topicId }), common.restoredDone)
                      }
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
                            topic.recommend ? texts.unrecommended : texts.recommendedDone,
                          )
                        }
                      >
                        {topic.recommend ? texts.unrecommend : texts.recommend}
                      </button>
                      <button
                        type="button"
                        className={actionClass}
                        onClick={() =>
                          void act(
                            () => sticky.mutateAsync({ id: topic.topicId, value: !topic.sticky }),
                            topic.sticky ? texts.unstuck : texts.stuckDone,
                          )
                        }
                      >
                        {topic.sticky ? texts.unstick : texts.sticky}
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
