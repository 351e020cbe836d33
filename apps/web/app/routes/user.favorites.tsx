import { HydrationBoundary, useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { FavoriteItem } from '@forum/contracts';
import type { Route } from './+types/user.favorites';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { LoadMoreButton } from '~/features/lists/LoadMoreButton';
import { useLoadMore } from '~/features/lists/use-load-more';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { prettyDate } from '~/lib/time';
import { dehydrateRequest, serverApi } from '~/lib/trpc.server';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

/** The signed-in user's favourites (the user-centre layout has already required sign-in). */
export async function loader({ request }: Route.LoaderArgs) {
  const { queryClient, trpc } = serverApi(request);
  await queryClient.prefetchQuery(trpc.favorites.list.queryOptions({}));
  return { dehydratedState: dehydrateRequest(request) };
}

const texts = UsersTexts.favorites;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.title);

export default function UserFavorites({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <Card title={texts.title}>
        <FavoriteList />
      </Card>
    </HydrationBoundary>
  );
}

function FavoriteList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.favorites.list.queryOptions({})).data;
  const fetchPage = useCallback((cursor: string) => client.favorites.list.query({ cursor }), [client]);
  const list = useLoadMore(first, fetchPage);
  // Removed entries disappear at once; the server list is the source again on the next visit.
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const shown = list.results.filter((item) => !removed.has(item.id));
  if (shown.length === 0 && !list.hasMore) {
    return <EmptyState icon={<InboxIcon size={40} />} text={texts.empty} />;
  }
  return (
    <>
      <ul className="divide-y divide-line" data-testid="favorite-list">
        {shown.map((item) => (
          <FavoriteRow
            key={item.id}
            item={item}
            onRemoved={() => setRemoved((set) => new Set(set).add(item.id))}
          />
        ))}
      </ul>
      <LoadMoreButton hasMore={list.hasMore} loading={list.loading} onClick={list.loadMore} />
    </>
  );
}

function FavoriteRow({ item, onRemoved }: { item: FavoriteItem; onRemoved: () => void }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.favorites.remove.mutationOptions());
  const path = `/${item.entityType}/${item.entityId}`;
  const unfavorite = () =>
    remove.mutate(
      { entityType: item.entityType, entityId: item.entityId },
      {
        onSuccess: () => {
          toast.success(texts.removed);
          onRemoved();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="favorite-item">
      <div className="min-w-0 flex-1">
        {item.deleted ? (
          <p className="text-faint">{texts.deleted}</p>
        ) : (
          <>
            <a href={path} className="font-medium text-body hover:text-accent">
              {item.title || item.summary.slice(0, 50)}
            </a>
            {item.summary && item.title && (
              <p className="mt-1 line-clamp-2 text-sm text-muted">{item.summary}</p>
            )}
            <p className="mt-1 text-xs text-faint">
              {item.user ? `${item.user.nickname} · ` : ''}
              {texts.favoritedAt(
                item.entityType === 'article' ? texts.kinds.article : texts.kinds.topic,
                prettyDate(item.createTime),
              )}
            </p>
          </>
        )}
      </div>
      <button
        type="button"
        className="shrink-0 text-xs text-faint hover:text-accent"
        disabled={remove.isPending}
        onClick={unfavorite}
      >
        {texts.remove}
      </button>
    </li>
  );
}
