import { skipToken, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TopicItem, TopicListInput } from '@forum/contracts';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { LoadMoreButton } from '~/features/lists/LoadMoreButton';
import { WithSidebar } from '~/features/lists/Sidebar';
import { useLoadMore } from '~/features/lists/use-load-more';
import { useSiteConfig } from '~/features/users/session-hooks';
import { isLinkEnabled } from '~/features/users/modules';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { TopicsTexts } from '~/texts/topics';
import { NewTopicsBanner } from './NewTopicsBanner';
import { withoutSticky } from './topic-item';
import { TopicList } from './TopicList';
import { TopicsNav } from './TopicsNav';

/** Which topics a page lists and which sticky topics go on top of them. */
export interface TopicsPageQuery {
  list: Omit<TopicListInput, 'cursor'>;
  /**
   * 0 shows the site-wide sticky topics, a node id those of the node; null none (a tag's topics and
   * the follow feed are what they say, not the site's announcements).
   */
  stickyNodeId: number | null;
  /** The signed-in user's follow feed instead of `list`. */
  feed?: boolean;
}

/** The topics of the people the signed-in user follows, and nobody else's. */
export const FOLLOW_FEED: TopicsPageQuery = { list: {}, stickyNodeId: null, feed: true };

/** Everything, newest activity first, under the site-wide sticky topics. */
export const ALL_TOPICS: TopicsPageQuery = { list: {}, stickyNodeId: 0 };

/**
 * The home page and the /topics pages: the node dock, the sticky topics over the topic list with
 * a load-more button, and the sidebar. `header` names what is listed (a node, a tag) when it is not all.
 */
export function TopicsPage({
  query,
  current,
  header,
}: {
  query: TopicsPageQuery;
  current: number;
  header?: ReactNode;
}) {
  return (
    <WithSidebar nav={<TopicsNav current={current} />} stacked>
      {header}
      <Card>
        <StickyTopics nodeId={query.stickyNodeId} />
        {query.feed ? (
          <FollowFeed stickyNodeId={query.stickyNodeId} />
        ) : (
          <RefreshableTopicFeed list={query.list} stickyNodeId={query.stickyNodeId} />
        )}
      </Card>
    </WithSidebar>
  );
}

const noTopics: TopicItem[] = [];

function useStickyTopics(nodeId: number | null): TopicItem[] {
  const trpc = useTRPC();
  return useQuery(trpc.topics.sticky.queryOptions(nodeId === null ? skipToken : { nodeId })).data ?? noTopics;
}

function StickyTopics({ nodeId }: { nodeId: number | null }) {
  const sticky = useStickyTopics(nodeId);
  if (sticky.length === 0) return null;
  return (
    <div className="border-b border-line">
      <TopicList topics={sticky} sticky />
    </div>
  );
}

/** A topic list that starts afresh from its first page when the new-topics banner is clicked. */
function RefreshableTopicFeed({
  list,
  stickyNodeId,
}: {
  list: Omit<TopicListInput, 'cursor'>;
  stickyNodeId: number | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const refresh = async () => {
    await queryClient.refetchQueries({ queryKey: trpc.topics.list.queryKey(list) });
    setGeneration((value) => value + 1);
  };
  return (
    <TopicFeed
      key={`${JSON.stringify(list)}#${generation}`}
      listKey={`topics ${JSON.stringify(list)}#${generation}`}
      list={list}
      stickyNodeId={stickyNodeId}
      onRefresh={refresh}
    />
  );
}

function TopicFeed({
  list: input,
  listKey,
  stickyNodeId,
  onRefresh,
}: {
  list: Omit<TopicListInput, 'cursor'>;
  /** Which list this is, a refresh included (see useLoadMore). */
  listKey: string;
  stickyNodeId: number | null;
  onRefresh(): Promise<void>;
}) {
  const sticky = useStickyTopics(stickyNodeId);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.topics.list.queryOptions(input)).data;
  const { nodeId, recommend, tagId } = input;
  const fetchPage = useCallback(
    (cursor: string) => client.topics.list.query({ nodeId, recommend, tagId, cursor }),
    [client, nodeId, recommend, tagId],
  );
  const list = useLoadMore(first, fetchPage, listKey);
  const newestShown = Math.max(0, ...list.results.map((topic) => topic.id));
  const banner = <NewTopicsBanner list={input} newestShown={newestShown} onRefresh={onRefresh} />;
  const mayCreate = isLinkEnabled(useSiteConfig(), '/topic/create');
  const shown = withoutSticky(list.results, sticky);
  if (shown.length === 0 && !list.hasMore) {
    return (
      <>
        {banner}
        <EmptyState icon={<InboxIcon size={40} />} text={TopicsTexts.empty}>
          {mayCreate && (
            <Link to="/topic/create" className="mt-4 text-sm text-link hover:underline">
              {TopicsTexts.create}
            </Link>
          )}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {banner}
      <TopicList topics={shown} />
      <div className="border-t border-line">
        <LoadMoreButton hasMore={list.hasMore} loading={list.loading} onClick={list.loadMore} />
      </div>
    </>
  );
}

function FollowFeed({ stickyNodeId }: { stickyNodeId: number | null }) {
  const sticky = useStickyTopics(stickyNodeId);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.topics.feed.queryOptions({})).data;
  const fetchPage = useCallback((cursor: string) => client.topics.feed.query({ cursor }), [client]);
  const list = useLoadMore(first, fetchPage, 'feed');
  if (list.results.length === 0) {
    return <EmptyState icon={<InboxIcon size={40} />} text={TopicsTexts.feedEmpty} />;
  }
  return (
    <>
      <TopicList topics={withoutSticky(list.results, sticky)} />
      <div className="border-t border-line">
        <LoadMoreButton hasMore={list.hasMore} loading={list.loading} onClick={list.loadMore} />
      </div>
    </>
  );
}

/** The card over a node's or a tag's list: its name and what it is about. */
export function ListHeader({ title, description }: { title: string; description?: string }) {
  return (
    <Card>
      <div className="px-5 py-4" data-testid="list-header">
        <h1 className="text-lg font-semibold text-body">{title}</h1>
        {description && <p className="mt-1 text-sm leading-6 text-muted">{description}</p>}
      </div>
    </Card>
  );
}
