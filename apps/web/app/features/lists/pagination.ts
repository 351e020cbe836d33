/** Numbered pages (tags, links, projects): which page a path asks for and which numbers to show. */
import { data } from 'react-router';
import { CommonTexts } from '~/texts/common';

/** How many page numbers the bar shows, centred on the current page. */
export const PAGE_WINDOW = 5;

export interface PageInfo {
  page: number;
  limit: number;
  total: number;
}

export function pageCount({ limit, total }: Pick<PageInfo, 'limit' | 'total'>): number {
  return limit > 0 ? Math.ceil(total / limit) : 0;
}

/** Up to five page numbers around `page`, shifted at either end so that five stay visible. */
export function pageNumbers(page: number, pages: number, window = PAGE_WINDOW): number[] {
  if (pages <= 0) return [];
  const size = Math.min(window, pages);
  const start = Math.min(Math.max(1, page - Math.floor(window / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The last page number the numbered lists' contracts accept (`page` of tags, links, projects). */
const LAST_PAGE = 100_000;

/** The `:page?` segment: absent is page 1; anything but a page number the lists accept is a 404. */
export function pageParam(value: string | undefined): number {
  if (value === undefined) return 1;
  const page = Number(value);
  if (!/^\d{1,6}$/.test(value) || page < 1 || page > LAST_PAGE)
    throw data(CommonTexts.pageNotFound, { status: 404 });
  return page;
}

/** An id segment (`/link/:id`, `/topic/:id`, `/user/:id`): a positive number, else a 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) {
    throw data(CommonTexts.pageNotFound, { status: 404 });
  }
  return id;
}

/** Whether the API refused because the item asked for is not there (or its id is not one). */
export function isMissing(error: unknown): boolean {
  const code = (error as { data?: { code?: string } }).data?.code;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** Turns the API's "not found" into the page's 404; other failures stay errors. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isMissing(error)) throw data(CommonTexts.pageNotFound, { status: 404 });
    throw error;
  }
}
