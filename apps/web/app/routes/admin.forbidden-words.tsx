import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ForbiddenWordItem, ForbiddenWordKind, ForbiddenWordMatch } from '@forum/contracts';
import type { Route } from './+types/admin.forbidden-words';
import { Card } from '~/components/Card';
import { ConfirmDialog, Dialog, buttonClass, inputClass } from '~/components/Dialog';
import {
  AdminPagePager,
  DialogButtons,
  DataTable,
  FilterBar,
  FormField,
  actionClass,
  useFilterPage,
} from '~/features/admin/kit';
import { textFilter } from '~/features/admin/filters';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '违禁词管理');

const KIND_LABELS: Record<ForbiddenWordKind, string> = { word: '词条', regex: '正则' };
const KIND_OPTIONS = [
  { value: 'word', label: '词条' },
  { value: 'regex', label: '正则' },
];

interface Draft {
  id: number | null;
  word: string;
  kind: ForbiddenWordKind;
  note: string;
}

export default function AdminForbiddenWords() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const { filters } = screen;
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<ForbiddenWordItem | null>(null);
  const list = useQuery(
    trpc.adminForbiddenWords.list.queryOptions({
      page: screen.page,
      kind: filters.kind === 'word' || filters.kind === 'regex' ? filters.kind : undefined,
      keyword: textFilter(filters.keyword),
    }),
  );
  const create = useMutation(trpc.adminForbiddenWords.create.mutationOptions());
  const update = useMutation(trpc.adminForbiddenWords.update.mutationOptions());
  const remove = useMutation(trpc.adminForbiddenWords.delete.mutationOptions());

  const submit = async () => {
    if (!editing) return;
    const { id, ...draft } = editing;
    try {
      if (id) await update.mutateAsync({ id, ...draft });
      else await create.mutateAsync(draft);
      toast.success(id ? '保存成功' : '添加成功');
      setEditing(null);
      await list.refetch();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="space-y-3">
      <SampleTester />
      <Card
        title="违禁词"
        extra={
          <button
            type="button"
            className={buttonClass.small}
            onClick={() => setEditing({ id: null, word: '', kind: 'word', note: '' })}
          >
            新增
          </button>
        }
      >
        <div data-testid="admin-forbidden-words">
          <FilterBar
            fields={[
              { name: 'kind', label: '类型', options: KIND_OPTIONS },
              { name: 'keyword', label: '词条或备注' },
            ]}
            onSearch={screen.search}
          />
          <DataTable<ForbiddenWordItem>
            rows={list.data?.results}
            loading={list.isLoading}
            rowKey={(row) => row.id}
            empty={screen.filtered ? '没有符合条件的违禁词' : '还没有违禁词'}
            columns={[
              { label: '编号', cell: (row) => row.id },
              { label: '词条', cell: (row) => <code className="break-all">{row.word}</code> },
              { label: '类型', cell: (row) => KIND_LABELS[row.kind] },
              { label: '备注', cell: (row) => row.note || '—' },
              {
                label: '创建时间',
                cell: (row) => formatDateTime(row.createTime),
                className: 'whitespace-nowrap',
              },
              {
                label: '操作',
                className: 'whitespace-nowrap',
                cell: (row) => (
                  <div className="flex gap-3">
                    <button type="button" className={actionClass} onClick={() => setEditing({ ...row })}>
                      编辑
                    </button>
                    <button type="button" className={actionClass} onClick={() => setDeleting(row)}>
                      删除
                    </button>
                  </div>
                ),
              },
            ]}
          />
          <AdminPagePager data={list.data} onPage={screen.goTo} />
        </div>
      </Card>
      <Dialog
        title={editing?.id ? '编辑违禁词' : '新增违禁词'}
        open={!!editing}
        onClose={() => setEditing(null)}
        width={560}
        testId="forbidden-word-form"
        footer={
          <DialogButtons
            label="保存"
            onCancel={() => setEditing(null)}
            onConfirm={() => void submit()}
            disabled={create.isPending || update.isPending}
          />
        }
      >
        {editing && (
          <div className="space-y-3 px-5 py-4">
            <FormField label="类型">
              <select
                className={inputClass}
                value={editing.kind}
                onChange={(event) =>
                  setEditing({ ...editing, kind: event.target.value as ForbiddenWordKind })
                }
              >
                {KIND_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              label={editing.kind === 'regex' ? '正则表达式' : '词条'}
              hint={editing.kind === 'regex' ? '不区分大小写，例如 v[x]?信\\d+' : '不区分大小写，包含即命中'}
            >
              <input
                name="word"
                className={inputClass}
                value={editing.word}
                onChange={(event) => setEditing({ ...editing, word: event.target.value })}
              />
            </FormField>
            <FormField label="备注">
              <input
                name="note"
                className={inputClass}
                value={editing.note}
                onChange={(event) => setEditing({ ...editing, note: event.target.value })}
              />
            </FormField>
            <SampleTester draft={{ word: editing.word, kind: editing.kind }} compact />
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={!!deleting}
        message={deleting ? `确定删除违禁词「${deleting.word}」吗？` : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting!;
          setDeleting(null);
          remove.mutate(
            { id: row.id },
            {
              onSuccess: () => {
                toast.success('删除成功');
                void list.refetch();
              },
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      />
    </div>
  );
}

/**
 * A sample text tried against the saved rules and, in the edit dialog, the rule being written:
 * shows which rules match and what they matched, before anything is saved.
 */
function SampleTester({
  draft,
  compact,
}: {
  draft?: { word: string; kind: ForbiddenWordKind };
  compact?: boolean;
}) {
  const trpc = useTRPC();
  const test = useMutation(trpc.adminForbiddenWords.test.mutationOptions());
  const [sample, setSample] = useState('');
  const [matches, setMatches] = useState<ForbiddenWordMatch[] | null>(null);
  const run = () =>
    test.mutate(
      { sample, draft: draft?.word.trim() ? draft : undefined },
      { onSuccess: setMatches, onError: (error) => toast.error(errorMessage(error)) },
    );
  const body = (
    <div className="space-y-2" data-testid="forbidden-word-tester">
      <textarea
        aria-label="示例文本"
        placeholder="输入一段示例文本，看看会命中哪些违禁词"
        className={`${inputClass} h-20 py-2`}
        value={sample}
        onChange={(event) => {
          setSample(event.target.value);
          setMatches(null);
        }}
      />
      <button
        type="button"
        className={buttonClass.plain}
        disabled={!sample.trim() || test.isPending}
        onClick={run}
      >
        测试
      </button>
      {matches && (
        <div role="status" className="text-sm">
          {matches.length === 0 ? (
            <p className="text-green-700 dark:text-green-300">未命中任何违禁词</p>
          ) : (
            <ul className="space-y-1">
              {matches.map((match) => (
                <li key={`${match.id}:${match.word}`} className="text-accent">
                  命中{match.id === 0 ? '（当前编辑）' : ''}
                  {KIND_LABELS[match.kind]}「{match.word}」：
                  <mark className="rounded bg-yellow-100 px-1 dark:bg-yellow-900 dark:text-yellow-100">
                    {match.matched}
                  </mark>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
  if (compact) return <FormField label="测试">{body}</FormField>;
  return (
    <Card title="测试文本">
      <div className="px-4 py-3">{body}</div>
    </Card>
  );
}
