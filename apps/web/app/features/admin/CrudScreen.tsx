/**
 * One screen of the console for a kind of site data (nodes, tags, links, projects): filters, a
 * paged list, a create/edit dialog, ordering and enable/disable with a confirmation.
 */
import { useState, type ReactNode } from 'react';
import type { AdminPage } from '@forum/contracts';
import { Card } from '~/components/Card';
import { ConfirmDialog, Dialog, buttonClass, inputClass } from '~/components/Dialog';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { formatDateTime } from '~/lib/time';
import { AdminTexts } from '~/texts/admin';
import { idValue, intValue, statusFilter, statusValue, textFilter } from './filters';
import {
  AdminPagePager,
  DialogButtons,
  DataTable,
  FilterBar,
  FormField,
  STATUS_OPTIONS,
  StatusBadge,
  actionClass,
  moved,
  type Column,
  type FilterPage,
} from './kit';

const texts = AdminTexts.crud;
const common = AdminTexts.common;

export type Values = Record<string, string>;

export interface FieldDef {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'number' | 'status';
  hint?: string;
}

export interface FilterDef {
  name: string;
  label: string;
  /** A text filter by default; `id` takes a positive whole number. */
  kind?: 'text' | 'id' | 'status';
}

export interface CrudRow {
  id: number;
  status: number;
  createTime: number;
}

/** Every such screen filters by 状态 and edits it, after the fields of its own. */
const STATUS_FIELD: FieldDef & FilterDef = { name: 'status', label: common.status, kind: 'status' };

/** The form of `fields` as the screen's procedures take it: numbers for number fields, and the status. */
export type Draft<F extends readonly FieldDef[]> = {
  [D in F[number] as D['name']]: D extends { kind: 'number' } ? number : string;
} & { status: 0 | 1 };

/** The input of a screen's list query: the page and the `filters` searched last, then the status. */
export type ListInput<F extends readonly FilterDef[]> = {
  [D in F[number] as D['name']]: (D extends { kind: 'id' } ? number : string) | undefined;
} & { page: number; status: 0 | 1 | undefined };

export function listInput<const F extends readonly FilterDef[]>(
  screen: Pick<FilterPage, 'page' | 'filters'>,
  filters: F,
): ListInput<F> {
  const input: Record<string, unknown> = { page: screen.page };
  for (const filter of filters) {
    const value = screen.filters[filter.name];
    input[filter.name] = filter.kind === 'id' ? idValue(value) : textFilter(value);
  }
  input.status = statusFilter(screen.filters.status);
  return input as ListInput<F>;
}

/** The form of a row, or of a new one (blank text, zero numbers). */
function formOf(fields: readonly FieldDef[], row: CrudRow | null): Values {
  const columns: Record<string, unknown> = { ...row };
  const values: Values = {};
  for (const { name, kind } of fields) values[name] = String(columns[name] ?? (kind === 'number' ? 0 : ''));
  values.status = String(row?.status ?? 0);
  return values;
}

function draftOf<F extends readonly FieldDef[]>(fields: F, values: Values): Draft<F> {
  const draft: Record<string, unknown> = {};
  for (const { name, kind } of fields) {
    draft[name] = kind === 'number' ? intValue(values[name]) : (values[name] ?? '');
  }
  draft.status = statusValue(values.status);
  return draft as Draft<F>;
}

export interface CrudScreenProps<Row extends CrudRow, F extends readonly FieldDef[]> {
  title: string;
  /** What one row is called: 节点, 标签, … */
  noun: string;
  testId: string;
  /** The filters before 状态 (the route's list query reads them with `listInput`). */
  filters: readonly FilterDef[];
  columns: Column<Row>[];
  /** The form's fields before 状态: each is a column of the row, of the same name. */
  fields: F;
  /** The shown page's query (the screen's route runs it for the filters searched last). */
  list: { data?: AdminPage<Row>; isLoading: boolean; refetch(): Promise<unknown> };
  /** The filters searched last and the page (`useFilterPage`): searching starts again at page 1. */
  screen: Pick<FilterPage, 'filtered' | 'search' | 'goTo'>;
  create: (draft: Draft<F>) => Promise<unknown>;
  update: (input: Draft<F> & { id: number }) => Promise<unknown>;
  reorder?: (ids: number[]) => Promise<unknown>;
  /** False for admins on owner-only screens: they read, the owner changes. */
  canEdit: boolean;
  formExtra?: (values: Values, setValues: (values: Values) => void) => ReactNode;
}

export function CrudScreen<Row extends CrudRow, const F extends readonly FieldDef[]>(
  props: CrudScreenProps<Row, F>,
) {
  const { title, noun, testId, canEdit, list } = props;
  const [editing, setEditing] = useState<{ id: number | null; values: Values } | null>(null);
  const [toggling, setToggling] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = list.data?.results;
  const save = (values: Values, id: number | null) => {
    const draft = draftOf(props.fields, values);
    return id ? props.update({ id, ...draft }) : props.create(draft);
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      await list.refetch();
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, delta: -1 | 1) => {
    if (!rows || !props.reorder) return;
    const ids = moved(rows, index, delta).map((row) => row.id);
    void run(() => props.reorder!(ids), texts.orderSaved);
  };

  const actions: Column<Row> = {
    label: common.actions,
    className: 'whitespace-nowrap',
    cell: (row) => {
      const index = rows?.indexOf(row) ?? -1;
      return (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={actionClass}
            onClick={() => setEditing({ id: row.id, values: formOf(props.fields, row) })}
          >
            {common.edit}
          </button>
          <button type="button" className={actionClass} disabled={busy} onClick={() => setToggling(row)}>
            {row.status === 0 ? common.disabled : common.enabled}
          </button>
          {props.reorder && (
            <>
              <button
                type="button"
                className={actionClass}
                disabled={busy || index <= 0}
                onClick={() => move(index, -1)}
              >
                {common.moveUp}
              </button>
              <button
                type="button"
                className={actionClass}
                disabled={busy || index < 0 || index >= (rows?.length ?? 0) - 1}
                onClick={() => move(index, 1)}
              >
                {common.moveDown}
              </button>
            </>
          )}
        </div>
      );
    },
  };
  const columns: Column<Row>[] = [
    { label: common.id, cell: (row) => row.id },
    ...props.columns,
    { label: common.status, cell: (row) => <StatusBadge status={row.status} /> },
    {
      label: common.createTime,
      cell: (row) => formatDateTime(row.createTime),
      className: 'whitespace-nowrap',
    },
    ...(canEdit ? [actions] : []),
  ];

  const submit = async () => {
    if (!editing) return;
    const ok = await run(() => save(editing.values, editing.id), editing.id ? common.saved : common.added);
    if (ok) setEditing(null);
  };

  return (
    <Card
      title={title}
      extra={
        canEdit ? (
          <button
            type="button"
            className={buttonClass.small}
            onClick={() => setEditing({ id: null, values: formOf(props.fields, null) })}
          >
            {common.create}
          </button>
        ) : (
          <span className="text-xs text-faint">{texts.ownerOnly}</span>
        )
      }
    >
      <div data-testid={testId}>
        <FilterBar
          fields={[...props.filters, STATUS_FIELD].map((filter) => ({
            name: filter.name,
            label: filter.label,
            ...(filter.kind === 'status' ? { options: STATUS_OPTIONS } : {}),
            ...(filter.kind === 'id' ? { numeric: true } : {}),
          }))}
          onSearch={props.screen.search}
        />
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={list.isLoading}
          empty={props.screen.filtered ? texts.noMatch(noun) : texts.empty(noun)}
        />
        <AdminPagePager data={list.data} onPage={props.screen.goTo} />
      </div>
      <Dialog
        title={editing?.id ? texts.editTitle(noun) : texts.createTitle(noun)}
        open={!!editing}
        onClose={() => setEditing(null)}
        width={560}
        testId={`${testId}-form`}
        footer={
          <DialogButtons
            label={common.save}
            onCancel={() => setEditing(null)}
            onConfirm={() => void submit()}
            disabled={busy}
          />
        }
      >
        {editing && (
          <form
            className="space-y-3 px-5 py-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {[...props.fields, STATUS_FIELD].map((field) => (
              <FormField key={field.name} label={field.label} hint={field.hint}>
                <FieldInput
                  field={field}
                  value={editing.values[field.name] ?? ''}
                  onChange={(value) =>
                    setEditing({ ...editing, values: { ...editing.values, [field.name]: value } })
                  }
                />
              </FormField>
            ))}
            {props.formExtra?.(editing.values, (values) => setEditing({ ...editing, values }))}
          </form>
        )}
      </Dialog>
      <ConfirmDialog
        open={!!toggling}
        message={
          toggling ? texts.confirmToggle(toggling.status === 0 ? common.disabled : common.enabled, noun) : ''
        }
        onCancel={() => setToggling(null)}
        onConfirm={() => {
          const row = toggling!;
          setToggling(null);
          void run(
            () => save({ ...formOf(props.fields, row), status: row.status === 0 ? '1' : '0' }, row.id),
            row.status === 0 ? texts.disabledDone : texts.enabledDone,
          );
        }}
      />
    </Card>
  );
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: FieldDef;
  value: string;
  onChange: (value: string) => void;
}) {
  if (field.kind === 'textarea') {
    return (
      <textarea
        name={field.name}
        className={`${inputClass} h-32 py-2`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (field.kind === 'status') {
    return (
      <select
        name={field.name}
        className={inputClass}
        value={value || '0'}
        onChange={(event) => onChange(event.target.value)}
      >
        {STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      name={field.name}
      type={field.kind === 'number' ? 'number' : 'text'}
      className={inputClass}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
