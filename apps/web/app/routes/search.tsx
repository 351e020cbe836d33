import { HydrationBoundary, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useNavigation } from 'react-router';
import { SEARCH_KEYWORD_MAX, type SearchInput, type SearchResultItem, TextsNodes } from '@forum/contracts';
import type { Route } from './+types/search';
import { Card, EmptyState } from '~/components/Card';
import { SearchIcon } from '~/components/icons';
import { Pagination } from '~/features/lists/Pagination';
import { WithSidebar } from '~/features/lists/Sidebar';
import { loadWithSidebar } from '~/features/lists/sidebar.server';
import { toNodeSummaries } from '~/features/nodes/nodes';
import { pageMeta } from '~/lib/meta';
import { TimeAgo } from '~/components/TimeAgo';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { SearchTexts } from '~/texts/search';

type Query = Required<Pick<SearchInput, 'keyword' | 'kind' | 'nodeId' | 'timeRange' | 'sort' | 'page'>>;

function intParam(params: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value >= min && value <= max && params.get(name) !== ''
    ? value
    : fallback;
}

/** `/search?q=&p=` (bbs-go's names), with ours: `nodeId`, `timeRange`, `kind` and `sort`. */
function queryOf(request: Request): Query {
  const params = new URL(request.url).searchParams;
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, SEARCH_KEYWORD_MAX),
    kind: params.get('kind') === 'article' ? 'article' : 'topic',
    nodeId: intParam(params, 'nodeId', -1, Number.MAX_SAFE_INTEGER, 0),
    timeRange: intParam(params, 'timeRange', 0, 4, 0),
    sort: params.get('sort') === 'newest' ? 'newest' : 'relevance',
    page: intParam(params, 'p', 1, 1000, intParam(params, 'page', 1, 1000, 1)),
  };
}

function searchHref(query: Query, changes: Partial<Query> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams({ q: next.keyword });
  if (next.kind !== 'topic') params.set('kind', next.kind);
  if (next.nodeId) params.set('nodeId', String(next.nodeId));
  if (next.timeRange) params.set('timeRange', String(next.timeRange));
  if (next.sort !== 'relevance') params.set('sort', next.sort);
  if (next.page > 1) params.set('p', String(next.page));
  return `/search?${params}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const query = queryOf(request);
  const { dehydratedState } = await loadWithSidebar(request, ({ queryClient, trpc }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.nodes.list.queryOptions()),
      queryClient.prefetchQuery(trpc.search.query.queryOptions(query)),
    ]),
  );
  return { query, dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches[0].loaderData.site,
    data?.query.keyword ? SearchTexts.pageTitle(data.query.keyword) : SearchTexts.search,
  );

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <WithSidebar stacked>
        <Card>
          <Filters query={query} />
          <Results query={query} />
        </Card>
      </WithSidebar>
    </HydrationBoundary>
  );
}

function Filters({ query }: { query: Query }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const nodes = useQuery({ ...trpc.nodes.list.queryOptions(), select: toNodeSummaries }).data ?? [];
  const counts = useQuery(trpc.search.query.queryOptions(query)).data?.counts;
  const tab = (active: boolean) =>
    `shrink-0 rounded-md px-3 py-1 text-sm ${active ? 'bg-accent/10 font-medium text-accent' : 'text-muted hover:text-accent'}`;
  // Another node, time range, kind or order is a new search from its first page.
  const go = (changes: Partial<Query>) => void navigate(searchHref(query, { ...changes, page: 1 }));
  return (
    <div className="space-y-2 border-b border-line px-4 py-3" data-testid="search-filters">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {(['topic', 'article'] as const).map((kind) => (
          <button key={kind} type="button" className={tab(query.kind === kind)} onClick={() => go({ kind })}>
            {SearchTexts.kinds[kind]}
            {counts && <span className="ml-1 text-xs text-faint">{counts[kind]}</span>}
          </button>
        ))}
        <div
          className="ml-auto flex shrink-0 gap-1"
          role="group"
          aria-label={SearchTexts.sortLabel}
          data-testid="search-sort"
        >
          {(['relevance', 'newest'] as const).map((sort) => (
            <button
              key={sort}
              type="button"
              className={tab(query.sort === sort)}
              aria-pressed={query.sort === sort}
              onClick={() => go({ sort })}
            >
              {SearchTexts.sorts[sort]}
            </button>
          ))}
        </div>
        <select
          aria-label={SearchTexts.timeRangeLabel}
          className="rounded-md border border-line bg-input px-2 py-1 text-sm text-body"
          value={query.timeRange}
          onChange={(event) => go({ timeRange: Number(event.target.value) })}
        >
          {SearchTexts.timeRanges.map((label, value) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {query.kind === 'topic' && (
        <nav
          className="flex gap-1 overflow-x-auto"
          aria-label={SearchTexts.nodesLabel}
          data-testid="search-nodes"
        >
          {[
            { nodeId: 0, name: SearchTexts.allNodes },
            { nodeId: -1, name: TextsNodes.virtual.recommend },
            ...nodes,
          ].map((node) => (
            <button
              key={node.nodeId}
              type="button"
              className={tab(query.nodeId === node.nodeId)}
              aria-pressed={query.nodeId === node.nodeId}
              onClick={() => go({ nodeId: node.nodeId })}
            >
              {node.name}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}

function Results({ query }: { query: Query }) {
  const trpc = useTRPC();
  const navigation = useNavigation();
  const page = useSuspenseQuery(trpc.search.query.queryOptions(query)).data;
  if (navigation.state === 'loading' && navigation.location.pathname === '/search') {
    return (
      <p className="m-4 rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-700 dark:bg-sky-950 dark:text-sky-300">
        {CommonTexts.loading}
      </p>
    );
  }
  // An empty box is not a search that found nothing: ask for a keyword instead.
  if (!query.keyword) return <EmptyState icon={<SearchIcon size={40} />} text={SearchTexts.enterKeyword} />;
  if (page.results.length === 0)
    return (
      <div data-testid="search-empty">
        <EmptyState icon={<SearchIcon size={40} />} text={SearchTexts.noResults}>
          <p className="mt-1 text-xs">{SearchTexts.noResultsHint(query.keyword)}</p>
        </EmptyState>
      </div>
    );
  return (
    <>
      <ul className="divide-y divide-line" data-testid="search-results">
        {page.results.map((item) => (
          <SearchHit key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ul>
      <Pagination page={page} urlPrefix={`${searchHref(query, { page: 1 })}&p=`} />
    </>
  );
}

/** Title and summary are escaped text with highlight spans, made so by the API. */
function SearchHit({ item }: { item: SearchResultItem }) {
  const path = `/${item.kind}/${item.id}`;
  return (
    <li className="px-4 py-4" data-testid="search-hit">
      <a
        href={path}
        target="_blank"
        rel="noopener"
        className="text-base font-medium text-body hover:text-accent"
        dangerouslySetInnerHTML={{ __html: item.title || item.summary.slice(0, 60) }}
      />
      {item.summary && (
        <p
          className="mt-1 text-sm leading-6 break-words text-muted"
          dangerouslySetInnerHTML={{ __html: item.summary }}
        />
      )}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-faint">
        <Link to={`/user/${item.user.id}`} className="hover:text-accent">
          {item.user.nickname}
        </Link>
        <TimeAgo time={item.createTime} />
        {item.node && (
          <Link to={`/topics/node/${item.node.id}`} className="hover:text-accent">
            {item.node.name}
          </Link>
        )}
        {item.tags.map((tag) => (
          <Link
            key={tag.id}
            to={item.kind === 'topic' ? `/topics/tag/${tag.id}` : `/articles/${tag.id}`}
            className="rounded bg-hover px-1.5 py-px hover:text-accent"
          >
            {tag.name}
          </Link>
        ))}
      </div>
    </li>
  );
}
