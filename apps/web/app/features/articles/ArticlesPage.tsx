import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { ArticleItem } from '@forum/contracts';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { LoadMoreButton } from '~/features/lists/LoadMoreButton';
import { WithSidebar } from '~/features/lists/Sidebar';
import { useLoadMore, type LoadMoreList } from '~/features/lists/use-load-more';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { ArticlesTexts } from '~/texts/articles';
import { ArticleList } from './ArticleList';

/** /articles and /articles/{tagId}: the newest articles (of one tag), load-more, and the sidebar. */
export function ArticlesPage({ tagId, tagName }: { tagId?: number; tagName?: string }) {
  return (
    <WithSidebar>
      <Card
        title={tagName ? ArticlesTexts.tagTitle(tagName) : ArticlesTexts.title}
        extra={
          <Link to="/article/create" className="text-xs text-link hover:underline">
            {ArticlesTexts.create}
          </Link>
        }
      >
        {tagId ? <TagArticles key={tagId} tagId={tagId} /> : <AllArticles />}
      </Card>
    </WithSidebar>
  );
}

function AllArticles() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.articles.list.queryOptions({})).data;
  const fetchPage = useCallback((cursor: string) => client.articles.list.query({ cursor }), [client]);
  return <ArticleFeed list={useLoadMore(first, fetchPage, 'articles')} />;
}

function TagArticles({ tagId }: { tagId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const first = useSuspenseQuery(trpc.articles.byTag.queryOptions({ tagId })).data;
  const fetchPage = useCallback(
    (cursor: string) => client.articles.byTag.query({ tagId, cursor }),
    [client, tagId],
  );
  return <ArticleFeed list={useLoadMore(first, fetchPage, `articles of tag ${tagId}`)} />;
}

/** The articles shown so far and the load-more button under them. */
export function ArticleFeed({
  list,
  emptyText = ArticlesTexts.empty,
}: {
  list: LoadMoreList<ArticleItem>;
  emptyText?: string;
}) {
  if (list.results.length === 0) {
    return <EmptyState icon={<InboxIcon size={40} />} text={emptyText} />;
  }
  return (
    <>
      <ArticleList articles={list.results} />
      <div className="border-t border-line">
        <LoadMoreButton hasMore={list.hasMore} loading={list.loading} onClick={list.loadMore} />
      </div>
    </>
  );
}
