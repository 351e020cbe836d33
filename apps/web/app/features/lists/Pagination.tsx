import { ListsTexts } from '~/texts/lists';
import { pageCount, pageNumbers, type PageInfo } from './pagination';

const itemClass = 'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2.5 text-sm';
const idle = `${itemClass} border-line bg-card text-body hover:border-accent hover:text-accent`;
const disabled = `${itemClass} pointer-events-none border-line bg-card text-faint opacity-60`;

/**
 * Previous, page numbers and next as plain links (a full page load, as the original site did), so every
 * page of a list has its own address. Hidden when the list is empty.
 */
export function Pagination({ page, urlPrefix }: { page: PageInfo; urlPrefix: string }) {
  const pages = pageCount(page);
  if (page.total <= 0 || pages <= 0) return null;
  const current = page.page;
  const href = (n: number) => `${urlPrefix}${n}`;
  return (
    <nav
      aria-label={ListsTexts.pagination.label}
      className="flex flex-wrap items-center justify-center gap-1.5 px-4 py-4"
      data-testid="pagination"
    >
      {current > 1 ? (
        <a href={href(current - 1)} className={idle} rel="prev">
          {ListsTexts.pagination.previous}
        </a>
      ) : (
        <span className={disabled} aria-disabled="true">
          {ListsTexts.pagination.previous}
        </span>
      )}
      {pageNumbers(current, pages).map((n) =>
        n === current ? (
          <span
            key={n}
            aria-current="page"
            className={`${itemClass} border-accent bg-accent-fill text-white`}
          >
            {n}
          </span>
        ) : (
          <a key={n} href={href(n)} className={idle}>
            {n}
          </a>
        ),
      )}
      {current < pages ? (
        <a href={href(current + 1)} className={idle} rel="next">
          {ListsTexts.pagination.next}
        </a>
      ) : (
        <span className={disabled} aria-disabled="true">
          {ListsTexts.pagination.next}
        </span>
      )}
    </nav>
  );
}
