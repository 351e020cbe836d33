import type { TagItem } from '@forum/contracts';
import { idParam, orNotFound } from '~/features/lists/pagination';
import { serverApi } from '~/lib/trpc.server';

/** The tag a list page is about, by the id in its path; an unknown tag is the 404 page. */
export async function loadTag(request: Request, value: string | undefined): Promise<TagItem> {
  const { queryClient, trpc } = serverApi(request);
  return orNotFound(queryClient.fetchQuery(trpc.tags.byId.queryOptions({ id: idParam(value) })));
}
