/**
 * The pieces every admin screen is made of: filters, a table that turns into cards on phones, a
 * pager, badges, confirmed actions and form fields.
 */
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { AdminPage } from '@forum/contracts';
import { EmptyState } from '~/components/Card';
import { ConfirmDialog, buttonClass, inputClass } from '~/components/Dialog';
import { InboxIcon } from '~/components/icons';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.kit;

/** The site's input style at a width of its own (the shared style is full width). */
export const sizedInput = (width: string) => `${inputClass.replace('w-full', '')} h-9 ${width}`;

export interface FilterField {
  name: string;
  label: string;
  /** A select when options are given, else a text box (`numeric` for ids). */
  options?: { value: string; label: string }[];
  numeric?: boolean;
  defaultValue?: string;
}

export type FilterValues = Record<string, string>;

/** A row of filters with 查询 and 重置; submitting hands over the non-empty values. */
export function FilterBar({
  fields,
  onSearch,
}: {
  fields: FilterField[];
  onSearch: (values: FilterValues) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: FilterValues = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') values[name] = value.trim();
    }
    onSearch(values);
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3"
      onSubmit={submit}
      onReset={() =>
        onSearch(
          Object.fromEntries(fields.flatMap((f) => (f.defaultValue ? [[f.name, f.defaultValue]] : []))),
        )
      }
      data-testid="admin-filters"
    >
      {fields.map((field) => (
        <label key={field.name} className="flex w-full flex-col gap-1 text-xs text-muted sm:w-auto">
          {field.label}
          {field.options ? (
            <select
              name={field.name}
              defaultValue={field.defaultValue ?? ''}
              className={`${inputClass} h-9 sm:w-32`}
            >
              <option value="">{texts.all}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              name={field.name}
              defaultValue={field.defaultValue}
              inputMode={field.numeric ? 'numeric' : undefined}
              pattern={field.numeric ? '\\d*' : undefined}
              className={`${inputClass} h-9 sm:w-36`}
            />
          )}
        </label>
      ))}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary}>
          {texts.search}
        </button>
        <button type="reset" className={buttonClass.plain}>
          {texts.reset}
        </button>
      </div>
    </form>
  );
}

export interface NumberedPageInfo {
  page: { page: number; limit: number; total: number };
  windowed?: boolean;
}

/** "共 N 条 上一页 p/n 下一页", with a note when only the newest records were searched. */
export function AdminPager({ data, onPage }: { data: NumberedPageInfo; onPage: (page: number) => void }) {
  const { page, limit, total } = data.page;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-3 text-sm text-muted">
      <span>
        {texts.total(total)}
        {data.windowed && <span className="ml-2 text-xs text-faint">{texts.windowed}</span>}
      </span>
      <span className="flex items-center gap-2">
        <button
          type="button"
          className={buttonClass.plain}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {texts.previousPage}
        </button>
        <span>
          {page} / {pages}
        </span>
        <button
          type="button"
          className={buttonClass.plain}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {texts.nextPage}
        </button>
      </span>
    </div>
  );
}

/** The pager of a console list answered as an `AdminPage`, shown only when there is more than one page. */
export function AdminPagePager({
  data,
  onPage,
}: {
  data?: AdminPage<unknown>;
  onPage: (page: number) => void;
}) {
  if (!data || data.total <= data.limit) return null;
  return (
    <AdminPager data={{ page: { page: data.page, limit: data.limit, total: data.total } }} onPage={onPage} />
  );
}

/**
 * The results of a filtered list screen: 加载中… until the first answer, `empty` when nothing matched,
 * else what `children` makes of the rows; then the pager.
 */
export function AdminResults<Row>({
  data,
  empty,
  onPage,
  children,
}: {
  data: (NumberedPageInfo & { results: Row[] }) | undefined;
  empty: string;
  onPage: (page: number) => void;
  children: (rows: Row[]) => ReactNode;
}) {
  return (
    <>
      {!data ? <Loading /> : data.results.length === 0 ? <EmptyState text={empty} /> : children(data.results)}
      {data && <AdminPager data={data} onPage={onPage} />}
    </>
  );
}

const badgeTones = {
  red: 'bg-accent/10 text-accent',
  green: 'bg-green-600/10 text-green-700 dark:text-green-400',
  amber: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  gray: 'bg-hover text-muted',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof badgeTones; children: ReactNode }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs ${badgeTones[tone]}`}>{children}</span>;
}

export const actionClass = 'text-sm text-link hover:underline disabled:opacity-60';

/** A link-styled action that asks first ("确定" runs it). */
export function ConfirmAction({
  label,
  message,
  onConfirm,
  disabled,
}: {
  label: string;
  message: string;
  /** An action that settles by itself (useAdminAction's reports its outcome and never rejects). */
  onConfirm: () => void | Promise<unknown>;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={actionClass} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={asking}
        message={message}
        onConfirm={() => {
          setAsking(false);
          void onConfirm();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** 加载中… while a screen's data is on its way, 加载失败 when it did not come. */
export function Loading({ failed = false }: { failed?: boolean }) {
  return (
    <p className="px-4 py-10 text-center text-sm text-faint">{failed ? texts.loadFailed : texts.loading}</p>
  );
}

/** A filtered list screen's state: the filter values searched last (strings, as the filter bar gives them) and the page. */
export type FilterPage = ReturnType<typeof useFilterPage>;

export function useFilterPage() {
  const { query, search, goTo } = useListQuery<{ filters: FilterValues }>({ filters: {} });
  return {
    ...query,
    filtered: Object.keys(query.filters).length > 0,
    search: (filters: FilterValues) => search({ filters }),
    goTo,
  };
}

/** A list screen's query: the filters last searched for and the page, starting again at 1 on a search. */
export function useListQuery<F extends object>(initial: F) {
  const [query, setQuery] = useState<F & { page: number }>({ ...initial, page: 1 });
  return {
    query,
    search: (filters: F) => setQuery({ ...filters, page: 1 }),
    goTo: (page: number) => setQuery((current) => ({ ...current, page })),
  };
}

export const STATUS_OPTIONS = [
  { value: '0', label: AdminTexts.common.enabled },
  { value: '1', label: AdminTexts.common.disabled },
];

export function StatusBadge({ status }: { status: number }) {
  return status === 0 ? (
    <Badge tone="green">{AdminTexts.common.enabled}</Badge>
  ) : (
    <Badge tone="gray">{AdminTexts.common.disabled}</Badge>
  );
}

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** A table on wide screens; on phones each row is a card of "label: value" lines. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading,
  empty,
  testId,
}: {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  empty: string;
  testId?: string;
}) {
  if (!rows) return <Loading failed={!loading} />;
  if (rows.length === 0) return <EmptyState icon={<InboxIcon size={40} />} text={empty} />;
  return (
    <div data-testid={testId}>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-line text-xs text-faint">
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={`px-3 py-2 font-normal ${column.className ?? ''}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-b border-line last:border-0 hover:bg-hover"
              data-row={rowKey(row)}
            >
              {columns.map((column) => (
                <td key={column.label} className={`px-3 py-2 align-top text-body ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-line md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="space-y-1 px-4 py-3 text-sm" data-row={rowKey(row)}>
            {columns.map((column) => (
              <div key={column.label} className="flex gap-2">
                <span className="w-16 shrink-0 text-faint">{column.label}</span>
                <div className="min-w-0 flex-1 break-words text-body">{column.cell(row)}</div>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 取消 and a dialog's main action: the submit button of the form around it, or `onConfirm` in a footer. */
export function DialogButtons({
  label,
  onCancel,
  onConfirm,
  disabled,
}: {
  label: string;
  onCancel: () => void;
  onConfirm?: () => void;
  disabled?: boolean;
}) {
  return (
    <>
      <button type="button" className={buttonClass.plain} onClick={onCancel}>
        {texts.cancel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={buttonClass.primary}
        disabled={disabled}
        onClick={onConfirm}
      >
        {label}
      </button>
    </>
  );
}

export function FormField({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="block space-y-1">
      <span className="text-sm text-body">{label}</span>
      {children}
      {hint && <span className="block text-xs text-faint">{hint}</span>}
    </label>
  );
}

/** A labelled text box; other attributes (name, type, autoComplete, placeholder) go to the input. */
export function TextField({
  label,
  hint,
  value,
  onChange,
  ...input
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'>) {
  return (
    <FormField label={label} hint={hint}>
      <input {...input} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/** A checkbox with its label and an optional hint under it. */
export function Switch({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        className="mt-1 h-4 w-4 accent-accent"
        checked={value}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <span className="text-sm text-body">{label}</span>
        {hint && <span className="block text-xs text-faint">{hint}</span>}
      </span>
    </label>
  );
}

/** A number box (blank while the value is NaN, so it can be typed afresh). */
export function NumberField({
  name,
  label,
  hint,
  value,
  onChange,
}: {
  name?: string;
  label: string;
  hint?: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <FormField label={label} hint={hint}>
      <input
        name={name}
        type="number"
        className={`${inputClass} max-w-[200px]`}
        value={Number.isNaN(value) ? '' : value}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
    </FormField>
  );
}

/** Swaps the item at `index` with its neighbour `delta` places away; the list as it is at the ends. */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** What a settings form needs of its save mutation, which answers with the saved settings. */
interface SaveMutation<Input, T> {
  mutate(input: Input, options: { onSuccess: (saved: T) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

/**
 * A settings form's draft: the values, `set` for one of them, `field(key)` for a field's value and
 * onChange, and the problem to show (any change clears it). `save` sends an input made from it: the
 * saved settings replace the draft, '提交成功' shows and `onSaved` runs; a failure is the problem.
 */
export function useSettingsForm<T extends object, Input>(
  initial: T,
  mutation: SaveMutation<Input, T>,
  onSaved: () => void,
) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };
  const field = <K extends keyof T>(key: K) => ({
    value: values[key],
    onChange: (value: T[K]) => set(key, value),
  });
  const save = (input: Input) =>
    mutation.mutate(input, {
      onSuccess: (saved) => {
        setValues(saved);
        toast.success(texts.submitted);
        onSaved();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  return { values, set, field, problem, setProblem, save, saving: mutation.isPending };
}

/** A settings form: its fields, the problem (an alert) and the save button, which is off while saving. */
export function SettingsFormFrame({
  form: { problem, saving },
  testId,
  className,
  label,
  onSubmit,
  children,
}: {
  form: { problem: string | null; saving: boolean };
  testId: string;
  className: string;
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      {problem && (
        <p role="alert" className="text-sm text-accent">
          {problem}
        </p>
      )}
      <button type="submit" className={buttonClass.primary} disabled={saving}>
        {label}
      </button>
    </form>
  );
}
