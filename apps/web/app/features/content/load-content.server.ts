import { data } from 'react-router';
import { Texts } from '@forum/contracts';
import { errorMessage } from '~/lib/api-error';
import { loadSession, serverApi, type ServerApi } from '~/lib/trpc.server';
import { commentPageOptions } from '~/features/comments/comment-pages';
import { isMissing } from '~/features/lists/pagination';
import { CommonTexts } from '~/texts/common';

/** Turns the API's refusal into the error page: 404 for a missing item, 403 with its message. */
function asPageError(error: unknown): unknown {
  if (isMissing(error)) return data(CommonTexts.pageNotFound, { status: 404 });
  if ((error as { data?: { code?: string } }).data?.code === 'FORBIDDEN')
    return data(errorMessage(error, Texts.http.forbidden), { status: 403 });
  return error;
}

/**
 * A detail page's item fetched as the visitor (after the session, so both go out as the visitor),
 * with whether the visitor is signed in; a refusal becomes the error page.
 */
export async function fetchDetail<T>(
  request: Request,
  fetch: (api: ServerApi) => Promise<T>,
): Promise<{ item: T; signedIn: boolean }> {
  const api = serverApi(request);
  const { user } = await loadSession(request);
  try {
    return { item: await fetch(api), signedIn: Boolean(user) };
  } catch (error) {
    throw asPageError(error);
  }
}

/**
 * What every detail page shows beside its item: the author's card, the first page of comments, and
 * for a signed-in visitor whether they liked and favourited it.
 */
export function prefetchDetailExtras(
  request: Request,
  target: { entityType: 'topic' | 'article'; entityId: number },
  authorId: number,
  signedIn: boolean,
) {
  const { queryClient, trpc } = serverApi(request);
  return Promise.all([
    queryClient.prefetchQuery(trpc.users.profile.queryOptions({ id: authorId })),
    queryClient.prefetchInfiniteQuery(trpc.comments.list.infiniteQueryOptions(target, commentPageOptions)),
    signedIn &&
      queryClient.prefetchQuery(
        trpc.likes.likedAmong.queryOptions({ entityType: target.entityType, entityIds: [target.entityId] }),
      ),
    signedIn && queryClient.prefetchQuery(trpc.favorites.isFavorited.queryOptions(target)),
  ]);
}
