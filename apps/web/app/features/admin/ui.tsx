/** The pieces every admin screen is made of: filters, a pager, badges and confirmed actions. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog, buttonClass, inputClass } from '~/components/Dialog';

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
              <option value="">全部</option>
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
          查询
        </button>
        <button type="reset" className={buttonClass.plain}>
          重置
        </button>
      </div>
    </form>
  );
}

/** A filter value as a positive id, or undefined. */
export function idValue(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
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
        共 {total} 条
        {data.windowed && (
          <span className="ml-2 text-xs text-faint">（只查找了最近的记录，更早的请按编号查询）</span>
        )}
      </span>
      <span className="flex items-center gap-2">
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
      </span>
    </div>
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
  onConfirm: () => void;
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
          onConfirm();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

export function Loading() {
  return <p className="px-4 py-10 text-center text-sm text-faint">加载中…</p>;
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
