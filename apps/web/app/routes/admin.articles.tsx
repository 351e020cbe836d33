import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AdminArticleFilter } from '@forum/contracts';
import { Card } from '~/components/Card';
import { AdminResults, Badge, ConfirmAction, FilterBar, useListQuery } from '~/features/admin/kit';
import { DELETED_OPTIONS, idValue } from '~/features/admin/filters';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.articles;
const common = AdminTexts.common;

type Filters = Omit<AdminArticleFilter, 'page' | 'limit'>;
type Status = 0 | 1 | 2;

const statusOf = (value: string | null | undefined): Status | undefined =>
  value === '0' || value === '1' || value === '2' ? (Number(value) as Status) : undefined;

/** 文章: review pending articles, delete and restore. `?status=2` opens on the pending ones. */
export default function AdminArticles() {
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const initialStatus = statusOf(params.get('status'));
  const { query, search, goTo } = useListQuery<Filters>({ status: initialStatus });
  const { data } = useQuery({
    ...trpc.adminArticles.list.queryOptions(query),
    placeholderData: keepPreviousData,
  });
  const act = useAdminAction();
  const approve = useMutation(trpc.adminArticles.approve.mutationOptions());
  const remove = useMutation(trpc.adminArticles.delete.mutationOptions());
  const restore = useMutation(trpc.adminArticles.restore.mutationOptions());

  return (
    <Card title={texts.title}>
      <FilterBar
        fields={[
          { name: 'id', label: common.id, numeric: true },
          { name: 'userId', label: common.userId, numeric: true },
          { name: 'title', label: common.title },
          {
            name: 'status',
            label: common.status,
            defaultValue: initialStatus === undefined ? undefined : String(initialStatus),
            options: [...DELETED_OPTIONS, { value: '2', label: common.pending }],
          },
        ]}
        onSearch={(values) =>
          search({
            id: idValue(values.id),
            userId: idValue(values.userId),
            title: values.title,
            status: statusOf(values.status),
          })
        }
      />
      <AdminResults data={data} empty={texts.noMatch} onPage={goTo}>
        {(rows) => (
          <ul className="divide-y divide-line" data-testid="admin-articles">
            {rows.map((article) => (
              <li
                key={article.articleId}
                className="px-4 py-3"
                data-testid={`admin-article-${article.articleId}`}
              >
                <div className="flex flex-wrap items-center gap-2 text-xs text-faint">
                  <span>ID {article.articleId}</span>
                  <a href={`/user/${article.user.id}`} className="text-muted hover:text-accent">
                    {article.user.nickname}
                  </a>
                  <span>{formatDateTime(article.createTime)}</span>
                  {article.tags?.map((tag) => (
                    <span key={tag.tagId}>#{tag.tagName}</span>
                  ))}
                  {article.status === 1 && <Badge tone="red">{common.deleted}</Badge>}
                  {article.status === 2 && <Badge tone="amber">{common.pending}</Badge>}
                </div>
                {/* Plain text (the legacy shape sends it unescaped, as bbs-go did): React escapes it. */}
                <a
                  href={`/article/${article.articleId}`}
                  className="mt-1 block font-medium text-body hover:text-accent"
                >
                  {article.title}
                </a>
                <p className="mt-1 line-clamp-2 text-sm text-muted">{article.summary}</p>
                <div className="mt-2 flex flex-wrap gap-4">
                  {article.status === 2 && (
                    <ConfirmAction
                      label={texts.approve}
                      message={texts.confirmApprove}
                      onConfirm={() =>
                        act(() => approve.mutateAsync({ id: article.articleId }), texts.approved)
                      }
                    />
                  )}
                  {article.status === 1 ? (
                    <ConfirmAction
                      label={common.restore}
                      message={texts.confirmRestore}
                      onConfirm={() =>
                        act(() => restore.mutateAsync({ id: article.articleId }), common.restoredDone)
                      }
                    />
                  ) : article.status === 2 ? (
                    <ConfirmAction
                      label={texts.reject}
                      message={texts.confirmReject}
                      onConfirm={() =>
                        act(() => remove.mutateAsync({ id: article.articleId }), texts.rejected)
                      }
                    />
                  ) : (
                    <ConfirmAction
                      label={common.delete}
                      message={texts.confirmDelete}
                      onConfirm={() =>
                        act(() => remove.mutateAsync({ id: article.articleId }), common.deletedDone)
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
