import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { LoadMoreButton } from '~/features/lists/LoadMoreButton';
import { useLoadMore } from '~/features/lists/use-load-more';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { TopicsTexts } from '~/texts/topics';
import { TopicList } from './TopicList';

/** A user's topics and tweets on their personal page, newest first, with a load-more button. */
export function UserTopics({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.topics.byUser.queryOptions({ userId })).data;
  const fetchPage = useCallback(
    (cursor: string) => client.topics.byUser.query({ userId, cursor }),
    [client, userId],
  );
  const list = useLoadMore(first, fetchPage);
  if (list.results.length === 0)
    return <EmptyState icon={<InboxIcon size={40} />} text={TopicsTexts.emptyOfUser} />;
  return (
    <>
      <TopicList topics={list.results} />
      <div className="border-t border-line">
        <LoadMoreButton hasMore={list.hasMore} loading={list.loading} onClick={list.loadMore} />
      </div>
    </>
  );
}
