import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLoadMore } from '~/features/lists/use-load-more';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { ArticlesTexts } from '~/texts/articles';
import { ArticleFeed } from './ArticlesPage';

/** A user's articles on their personal page, newest first, with a load-more button. */
export function UserArticles({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.articles.byUser.queryOptions({ userId })).data;
  const fetchPage = useCallback(
    (cursor: string) => client.articles.byUser.query({ userId, cursor }),
    [client, userId],
  );
  return <ArticleFeed list={useLoadMore(first, fetchPage)} emptyText={ArticlesTexts.emptyOfUser} />;
}
