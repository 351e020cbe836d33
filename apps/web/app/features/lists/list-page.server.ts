import { dehydrateRequest, serverApi, type ServerApi } from '~/lib/trpc.server';
import { idParam, orNotFound, pageParam } from './pagination';
import { loadWithSidebar } from './sidebar.server';

/**
 * A numbered page of a list beside the sidebar: the page number from the path (a 404 when it is
 * not one), its rows fetched into the shipped cache.
 */
export async function loadListPage(
  request: Request,
  pageText: string | undefined,
  fetchPage: (api: ServerApi, page: number) => Promise<unknown>,
) {
  const page = pageParam(pageText);
  const { dehydratedState } = await loadWithSidebar(request, (api) => fetchPage(api, page));
  return { page, dehydratedState };
}

/**
 * A numbered page of a list whose page is in the query (`?page=`, or `alias` as bbs-go spelled it),
 * 1 when absent or not a page number; its rows prefetched into the shipped cache.
 */
export async function loadQueryPage(
  request: Request,
  prefetchPage: (api: ServerApi, page: number) => Promise<void>,
  alias?: string,
) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get('page') ?? (alias ? params.get(alias) : null));
  const valid = Number.isSafeInteger(page) && page > 0 ? page : 1;
  await prefetchPage(serverApi(request), valid);
  return { page: valid, dehydratedState: dehydrateRequest(request) };
}

/** One item by the id in the path, beside the sidebar; a bad id or a missing item is a 404. */
export async function loadItemPage<T>(
  request: Request,
  idText: string | undefined,
  fetchItem: (api: ServerApi, id: number) => Promise<T>,
) {
  const id = idParam(idText);
  const { main: item, dehydratedState } = await loadWithSidebar(request, (api) =>
    orNotFound(fetchItem(api, id)),
  );
  return { item, dehydratedState };
}
