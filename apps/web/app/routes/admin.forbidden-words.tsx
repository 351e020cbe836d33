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
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.forbiddenWords;
const common = AdminTexts.common;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.meta);

const KIND_LABELS: Record<ForbiddenWordKind, string> = texts.kinds;
const KIND_OPTIONS = [
  { value: 'word', label: texts.kinds.word },
  { value: 'regex', label: texts.kinds.regex },
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
      toast.success(id ? common.saved : common.added);
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
        title={texts.title}
        extra={
          <button
            type="button"
            className={buttonClass.small}
            onClick={() => setEditing({ id: null, word: '', kind: 'word', note: '' })}
          >
            {common.create}
          </button>
        }
      >
        <div data-testid="admin-forbidden-words">
          <FilterBar
            fields={[
              { name: 'kind', label: texts.kind, options: KIND_OPTIONS },
              { name: 'keyword', label: texts.keyword },
            ]}
            onSearch={screen.search}
          />
          <DataTable<ForbiddenWordItem>
            rows={list.data?.results}
            loading={list.isLoading}
            rowKey={(row) => row.id}
            empty={screen.filtered ? texts.noMatch : texts.empty}
            columns={[
              { label: common.id, cell: (row) => row.id },
              { label: texts.word, cell: (row) => <code className="break-all">{row.word}</code> },
              { label: texts.kind, cell: (row) => KIND_LABELS[row.kind] },
              { label: texts.note, cell: (row) => row.note || common.none },
              {
                label: common.createTime,
                cell: (row) => formatDateTime(row.createTime),
                className: 'whitespace-nowrap',
              },
              {
                label: common.actions,
                className: 'whitespace-nowrap',
                cell: (row) => (
                  <div className="flex gap-3">
                    <button type="button" className={actionClass} onClick={() => setEditing({ ...row })}>
                      {common.edit}
                    </button>
                    <button type="button" className={actionClass} onClick={() => setDeleting(row)}>
                      {common.delete}
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
        title={editing?.id ? texts.editTitle : texts.createTitle}
        open={!!editing}
        onClose={() => setEditing(null)}
        width={560}
        testId="forbidden-word-form"
        footer={
          <DialogButtons
            label={common.save}
            onCancel={() => setEditing(null)}
            onConfirm={() => void submit()}
            disabled={create.isPending || update.isPending}
          />
        }
      >
        {editing && (
          <div className="space-y-3 px-5 py-4">
            <FormField label={texts.kind}>
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
              label={editing.kind === 'regex' ? texts.regex : texts.word}
              hint={editing.kind === 'regex' ? texts.regexHint : texts.wordHint}
            >
              <input
                name="word"
                className={inputClass}
                value={editing.word}
                onChange={(event) => setEditing({ ...editing, word: event.target.value })}
              />
            </FormField>
            <FormField label={texts.note}>
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
        message={deleting ? texts.confirmDelete(deleting.word) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting!;
          setDeleting(null);
          remove.mutate(
            { id: row.id },
            {
              onSuccess: () => {
                toast.success(common.deletedDone);
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
        aria-label={texts.tester.sample}
        placeholder={texts.tester.placeholder}
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
        {texts.tester.run}
      </button>
      {matches && (
        <div role="status" className="text-sm">
          {matches.length === 0 ? (
            <p className="text-green-700 dark:text-green-300">{texts.tester.noHit}</p>
          ) : (
            <ul className="space-y-1">
              {matches.map((match) => (
                <li key={`${match.id}:${match.word}`} className="text-accent">
                  {texts.tester.hit(match.id === 0, KIND_LABELS[match.kind], match.word)}
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
  if (compact) return <FormField label={texts.tester.label}>{body}</FormField>;
  return (
    <Card title={texts.tester.title}>
      <div className="px-4 py-3">{body}</div>
    </Card>
  );
}
