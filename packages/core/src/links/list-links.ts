import { LINK_PAGE_SIZE, TOP_LINKS_MAX } from '@forum/contracts';
import { linkLists, readLinks } from '../read-model/links';
import { pageByNumber } from '../read-model/lists';
import type { LinkDoc } from './model';
import type { LinkPageResult } from './rules';

/** Shown links, oldest first, by page number (legacy GET /api/link/links: 20 a page). */
export async function listLinks(page = 1): Promise<LinkPageResult> {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const { ids, total } = await pageByNumber(linkLists.shown(), safePage, LINK_PAGE_SIZE, true);
  return { page: { page: safePage, limit: LINK_PAGE_SIZE, total }, results: await readLinks(ids) };
}

/** The first ten shown links (legacy GET /api/link/toplinks), for the sidebar. */
export async function listTopLinks(): Promise<LinkDoc[]> {
  return readLinks((await pageByNumber(linkLists.shown(), 1, TOP_LINKS_MAX, true)).ids);
}
