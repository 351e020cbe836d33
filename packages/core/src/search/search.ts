/**
 * Searching: topics only (the legacy `POST /api/search/topic`, §4.16, answers them) and our search
 * of topics or articles with counts per kind. The engine returns ids best first; documents, authors, nodes and
 * tags are read from the read model, and titles and summaries are highlighted here, the same for
 * both engines.
 */
import {
  SEARCH_KEYWORD_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_SUMMARY_LENGTH,
  SearchInputSchema,
  type SearchInput,
  type SearchResultItem,
  type SearchResultPage,
  ArticleStatus,
  TopicStatus,
  Texts,
} from '@forum/contracts';
import { AppError } from '../errors';
import { slots } from '../slots';
import { nodesByIds } from '../nodes/get-node';
import type { TopicNodeDoc } from '../nodes/model';
import { readArticlesWithoutCounts } from '../read-model/articles';
import { readTopicsWithoutCounts } from '../read-model/topics';
import { usersByIds } from '../users/users';
import { siteBaseUrl } from '../site';
import type { TagDoc } from '../tags/model';
import type { ArticleDoc } from '../articles/model';
import type { TopicDoc } from '../topics/model';
import { presentTag } from '../tags/presenters';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import { presentUserCard, type UserCard } from '../users/presenters';
import { articleDocumentWith, topicDocumentWith } from './documents';
import { highlight, highlightFragment } from './highlight';
import { searchEngine, type SearchDocument, type SearchKind } from './port';
import { correctedForms, highlightTerms } from './terms';

/**
 * Searches one process answers at once (ranking and presenting): a flood of new queries then
 * waits its turn instead of crowding out every other request of the process. Answers the API
 * keeps are not searches here.
 */
const searching = slots(8);

const DAY = 24 * 3600 * 1000;
const RANGES = [0, DAY, 7 * DAY, 30 * DAY, 365 * DAY];

function sinceOf(timeRange: number, now = Date.now()): number | undefined {
  const span = RANGES[timeRange] ?? 0;
  return span ? now - span : undefined;
}

function parse(input: SearchInput) {
  const parsed = SearchInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', Texts.search.invalidQuery);
  return { ...parsed.data, keyword: parsed.data.keyword.trim().slice(0, SEARCH_KEYWORD_MAX) };
}

interface Hit {
  document: SearchDocument;
  userId: number;
  tagIds: number[];
}

/**
 * The shown documents of `ids` in order (an id hidden since it was indexed is left out), with
 * their tags, read once for the page. A hit shows no counts, so none are read.
 */
async function hitsOf(kind: SearchKind, ids: number[]): Promise<{ hits: Hit[]; tags: Map<number, TagDoc> }> {
  const posts =
    kind === 'topic'
      ? (await readTopicsWithoutCounts(ids)).filter((topic) => topic.status === TopicStatus.Ok)
      : (await readArticlesWithoutCounts(ids)).filter((article) => article.status === ArticleStatus.Ok);
  const tagIds = posts.flatMap((post) => post.tagIds ?? []);
  const tags = tagIds.length ? await tagsByIds(tagIds) : new Map<number, TagDoc>();
  const hits = posts.map((post) => ({
    document:
      kind === 'topic'
        ? topicDocumentWith(post as TopicDoc, tags)
        : articleDocumentWith(post as ArticleDoc, tags),
    userId: post.userId,
    tagIds: post.tagIds ?? [],
  }));
  return { hits, tags };
}

async function runSearch(kind: SearchKind, input: ReturnType<typeof parse>) {
  if (!input.keyword) return { hits: [] as Hit[], tags: new Map<number, TagDoc>(), total: 0 };
  const { ids, total } = await searchEngine().search({
    kind,
    keyword: input.keyword,
    nodeId: kind === 'topic' ? input.nodeId : 0,
    since: sinceOf(input.timeRange),
    sort: input.sort,
    page: input.page,
    limit: SEARCH_PAGE_SIZE,
  });
  return { ...(await hitsOf(kind, ids)), total };
}

/** The hits' authors and nodes (their tags were read with them). */
async function relationsOf(hits: Hit[]) {
  const [users, nodes] = await Promise.all([
    usersByIds(hits.map((hit) => hit.userId)),
    nodesByIds(hits.map((hit) => hit.document.nodeId).filter((id) => id > 0)),
  ]);
  return { users, nodes };
}

/** A topic found, highlighted, with its author, node (if any) and tags. */
export interface TopicHit {
  topicId: number;
  user: UserCard;
  node: TopicNodeDoc | undefined;
  tags: TagDoc[];
  title: string;
  summary: string;
  createTime: number;
}

/** A numbered page of topics only (the legacy topic search answers it), 20 a page. */
export async function searchTopicHits(
  input: SearchInput,
): Promise<{ page: { page: number; limit: number; total: number }; hits: TopicHit[] }> {
  const query = parse({ ...input, kind: 'topic' });
  return searching.run(() => topicHitsOf(query));
}

async function topicHitsOf(
  query: ReturnType<typeof parse>,
): Promise<{ page: { page: number; limit: number; total: number }; hits: TopicHit[] }> {
  const { hits, tags, total } = await runSearch('topic', query);
  const { users, nodes } = await relationsOf(hits);
  const terms = [
    ...highlightTerms(query.keyword),
    ...correctedForms(
      query.keyword,
      hits.flatMap(({ document }) => [document.title, document.content]),
    ),
  ];
  return {
    page: { page: query.page, limit: SEARCH_PAGE_SIZE, total },
    hits: hits.map(({ document, userId, tagIds }) => ({
      topicId: document.id,
      user: presentUserCard(users.get(userId), userId),
      node: nodes.get(document.nodeId),
      tags: tagsIn(tagIds, tags),
      title: highlight(document.title, terms),
      summary: highlightFragment(document.content, terms, SEARCH_SUMMARY_LENGTH),
      createTime: document.createTime,
    })),
  };
}

/** Our search: one kind's page of highlighted hits, with the totals of both kinds. */
export async function search(input: SearchInput): Promise<SearchResultPage> {
  const query = parse(input);
  return searching.run(() => resultsOf(query));
}

async function resultsOf(query: ReturnType<typeof parse>): Promise<SearchResultPage> {
  const other: SearchKind = query.kind === 'topic' ? 'article' : 'topic';
  const [{ hits, tags, total }, otherTotal] = await Promise.all([
    runSearch(query.kind, query),
    query.keyword
      ? searchEngine()
          .search({
            kind: other,
            keyword: query.keyword,
            nodeId: 0,
            since: sinceOf(query.timeRange),
            page: 1,
            limit: 1,
          })
          .then((found) => found.total)
      : 0,
  ]);
  const { users, nodes } = await relationsOf(hits);
  const terms = [
    ...highlightTerms(query.keyword),
    ...correctedForms(
      query.keyword,
      hits.flatMap(({ document }) => [document.title, document.content]),
    ),
  ];
  const base = siteBaseUrl();
  const results: SearchResultItem[] = hits.map(({ document, userId, tagIds }) => {
    const user = presentUserCard(users.get(userId), userId);
    const node = nodes.get(document.nodeId);
    return {
      kind: document.kind,
      id: document.id,
      url: `${base}/${document.kind}/${document.id}`,
      title: highlight(document.title, terms),
      summary: highlightFragment(document.content, terms, SEARCH_SUMMARY_LENGTH),
      user: { id: user.id, nickname: user.nickname, avatar: user.avatar },
      node: node ? { id: node._id, name: node.name } : null,
      tags: tagsIn(tagIds, tags).map(presentTag),
      createTime: document.createTime,
    };
  });
  const counts =
    query.kind === 'topic' ? { topic: total, article: otherTotal } : { topic: otherTotal, article: total };
  return {
    kind: query.kind,
    sort: query.sort,
    page: query.page,
    limit: SEARCH_PAGE_SIZE,
    total,
    results,
    counts,
  };
}
