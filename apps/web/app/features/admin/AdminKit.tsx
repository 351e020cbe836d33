/** Building blocks of the console's list screens: filters, a table that turns into cards on phones, paging. */
import type { ReactNode } from 'react';
import { EmptyState } from '~/components/Card';
import { buttonClass, inputClass } from '~/components/Dialog';
import { InboxIcon } from '~/components/icons';

export const smallLinkClass = 'text-sm text-link hover:underline disabled:opacity-50';

/** The site's input style at a width of its own (the shared style is full width). */
export const sizedInput = (width: string) => `${inputClass.replace('w-full', '')} h-9 ${width}`;

export function FilterBar({
  children,
  onSearch,
  actions,
}: {
  children: ReactNode;
  onSearch: () => void;
  actions?: ReactNode;
}) {
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-b border-line px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {children}
      <button type="submit" className={buttonClass.plain}>
        查询
      </button>
      {actions}
    </form>
  );
}

export function FilterInput({
  label,
  value,
  onChange,
  width = 'w-32',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  width?: string;
}) {
  return (
    <input
      aria-label={label}
      placeholder={label}
      className={sizedInput(width)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <select
      aria-label={label}
      className={sizedInput('w-28')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{label}</option>
      {options.map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </select>
  );
}

export const STATUS_OPTIONS = [
  ['0', '启用'],
  ['1', '禁用'],
] as const;

export function StatusBadge({ status }: { status: number }) {
  return status === 0 ? (
    <span className="rounded bg-green-50 px-2 py-0.5 text-xs text-green-700 dark:bg-green-950 dark:text-green-300">
      启用
    </span>
  ) : (
    <span className="rounded bg-hover px-2 py-0.5 text-xs text-faint">禁用</span>
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
  if (!rows) {
    return <p className="px-4 py-10 text-center text-sm text-faint">{loading ? '加载中…' : '加载失败'}</p>;
  }
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

/** "共 N 条", previous and next, for a numbered page. */
export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="flex items-center justify-end gap-3 px-4 py-3 text-sm text-faint">
      <span>共 {total} 条</span>
      <button
        type="button"
        className={buttonClass.plain}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        上一页
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
        下一页
      </button>
    </div>
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

/** Swaps the item at `index` with its neighbour `delta` places away; the list as it is at the ends. */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
