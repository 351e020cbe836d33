/**
 * The embedded search engine: an inverted index in Redis beside the read model, read by key only
 * (FerretDB answers nothing but `_id` lookups quickly). For each term a set of the ids that contain
 * it (`rm:search:<kind>:b:<term>`), and of those that have it in their title or tags
 * (`…:t:<term>`); small sets of integers are stored compactly by Redis. A query adds up, per id,
 * one point for each term it contains and half a point for each in its title or tags
 * (ZUNIONSTORE over the sets), adds a recency fraction from `…:time` (creation times, also the set
 * of indexed ids), intersects the node (`…:node:<id>`), recommended and time filters, and reads one
 * page. Each document remembers
 * its terms (`…:doc:<id>`) so an edit or a removal takes it out of the sets it left.
 *
 * A query's ranking costs a union of every posting set it names (common terms are in most
 * documents), so its best `CACHED_HITS` ids and its total are kept for `CACHED_SECONDS` under a
 * key naming the query, with the index's version it was ranked at (`rm:searchv:<kind>`, bumped by
 * every change of the index): the same query again, or its next pages, cost one MGET (the version
 * and the kept ranking), and never show an older index.
 */
import { createHash, randomUUID } from 'node:crypto';
import { rmKey, rmRedis } from '../read-model/store';
import {
  setDefaultSearchEngine,
  type SearchDocument,
  type SearchEngine,
  type SearchHits,
  type SearchKind,
  type SearchQuery,
} from './port';
import { termsOf, type Segmenter } from './terms';

/** Characters of a body that are indexed: enough for any post's substance, bounded in memory. */
export const INDEXED_CONTENT_LENGTH = 3000;
/** Scales a creation time (ms) to a fraction below any half point of matching. */
const RECENCY_WEIGHT = 1e-14;
/** How many of a query's best ids are kept (ten pages of the legacy search), and for how long. */
const CACHED_HITS = 200;
const CACHED_SECONDS = 60;
/** A time filter's start is rounded down to the minute, so one query's filter is one cache entry. */
const SINCE_STEP = 60_000;
/** How many rankings one process runs in Redis at once (each is a few set operations there). */
const RANKING_SLOTS = 2;

/** A counting semaphore: `acquire` waits while every slot is taken, first come first served. */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire: (): Promise<void> => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: (): void => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

const keys = {
  body: (kind: SearchKind, term: string) => rmKey('search', kind, 'b', term),
  title: (kind: SearchKind, term: string) => rmKey('search', kind, 't', term),
  time: (kind: SearchKind) => rmKey('search', kind, 'time'),
  node: (kind: SearchKind, nodeId: number) => rmKey('search', kind, 'node', nodeId),
  recommended: (kind: SearchKind) => rmKey('search', kind, 'recommended'),
  doc: (kind: SearchKind, id: number) => rmKey('search', kind, 'doc', id),
  scratch: () => rmKey('search', 'tmp', randomUUID()),
  // Outside `rm:search:*`, so clearing the index bumps the version instead of resetting it.
  version: (kind: SearchKind) => rmKey('searchv', kind),
  hits: (kind: SearchKind, signature: string) => rmKey('search', kind, 'q', signature),
};

/** A query's kept ranking, valid while the index is at `version`. */
interface KeptHits extends SearchHits {
  version: string;
}

interface StoredTerms {
  body: string[];
  title: string[];
}

/** What a document's removal must undo: its terms and the filter sets it is in. */
interface Stored extends StoredTerms {
  nodeId?: number;
  recommend?: boolean;
}

export function documentTerms(document: SearchDocument, segmenter: Segmenter = 'jieba'): StoredTerms {
  const title = termsOf(`${document.title}\n${document.tags.join('\n')}`, segmenter);
  const body = termsOf(document.content.slice(0, INDEXED_CONTENT_LENGTH), segmenter);
  for (const term of title) body.add(term);
  return { body: [...body], title: [...title] };
}

export function createEmbeddedSearch(segmenter: Segmenter = 'jieba'): SearchEngine {
  const rankingSlots = slots(RANKING_SLOTS);
  const rankings = new Map<string, Promise<KeptHits>>();
  async function removeTerms(kind: SearchKind, id: number): Promise<void> {
    const stored = await rmRedis().get(keys.doc(kind, id));
    const multi = rmRedis().multi();
    if (stored) {
      const terms = JSON.parse(stored) as Stored;
      for (const term of terms.body) multi.srem(keys.body(kind, term), id);
      for (const term of terms.title) multi.srem(keys.title(kind, term), id);
      if (terms.nodeId !== undefined) multi.srem(keys.node(kind, terms.nodeId), id);
      if (terms.recommend) multi.srem(keys.recommended(kind), id);
    }
    await multi.del(keys.doc(kind, id)).zrem(keys.time(kind), id).incr(keys.version(kind)).exec();
  }

  /**
   * Ranks every match of the query (terms, filters): `count` ids from `start`, and the total. The
   * commands go as a pipeline, not a transaction (the scratch keys are this call's own), so other
   * clients' commands run between them; and at most `RANKING_SLOTS` rankings of this process are
   * in Redis at once, so a flood of new queries slows searches, not every page of the site.
   */
  async function rank(...query: Parameters<typeof rankNow>): Promise<SearchHits> {
    await rankingSlots.acquire();
    try {
      return await rankNow(...query);
    } finally {
      rankingSlots.release();
    }
  }

  async function rankNow(
    kind: SearchKind,
    terms: string[],
    filters: { nodeId: number; since?: number },
    start: number,
    count: number,
  ): Promise<SearchHits> {
    const { nodeId, since } = filters;
    const hits = keys.scratch();
    const window = keys.scratch();
    const sources = [
      ...terms.map((term) => keys.body(kind, term)),
      ...terms.map((term) => keys.title(kind, term)),
    ];
    const weights = [...terms.map(() => 1), ...terms.map(() => 0.5)];
    const multi = rmRedis().pipeline();
    multi.zunionstore(hits, sources.length, ...sources, 'WEIGHTS', ...weights);
    multi.zinterstore(hits, 2, hits, keys.time(kind), 'WEIGHTS', 1, RECENCY_WEIGHT);
    if (kind === 'topic' && nodeId !== 0) {
      const filter = nodeId < 0 ? keys.recommended(kind) : keys.node(kind, nodeId);
      multi.zinterstore(hits, 2, hits, filter, 'WEIGHTS', 1, 0);
    }
    if (since !== undefined) {
      multi.zrangestore(window, keys.time(kind), since, '+inf', 'BYSCORE');
      multi.zinterstore(hits, 2, hits, window, 'WEIGHTS', 1, 0);
    }
    multi.zrevrange(hits, start, start + count - 1);
    multi.zcard(hits);
    multi.del(hits, window);
    const replies = (await multi.exec())!;
    const failed = replies.find(([error]) => error);
    if (failed) throw failed[0]!;
    return {
      ids: (replies.at(-3)![1] as string[]).map(Number),
      total: replies.at(-2)![1] as number,
    };
  }

  return {
    name: 'embedded',
    async index(documents) {
      for (const document of documents) {
        const { kind, id } = document;
        const terms = documentTerms(document, segmenter);
        await removeTerms(kind, id);
        const multi = rmRedis().multi();
        for (const term of terms.body) multi.sadd(keys.body(kind, term), id);
        for (const term of terms.title) multi.sadd(keys.title(kind, term), id);
        multi.sadd(keys.node(kind, document.nodeId), id);
        if (document.recommend) multi.sadd(keys.recommended(kind), id);
        const stored: Stored = { ...terms, nodeId: document.nodeId, recommend: document.recommend };
        multi.set(keys.doc(kind, id), JSON.stringify(stored));
        multi.zadd(keys.time(kind), document.createTime, id);
        multi.incr(keys.version(kind));
        await multi.exec();
      }
    },
    remove: removeTerms,
    async search(query: SearchQuery): Promise<SearchHits> {
      const terms = [...termsOf(query.keyword, segmenter)].sort();
      if (terms.length === 0) return { ids: [], total: 0 };
      const { kind } = query;
      const nodeId = kind === 'topic' ? (query.nodeId ?? 0) : 0;
      const since = query.since === undefined ? undefined : Math.floor(query.since / SINCE_STEP) * SINCE_STEP;
      const start = (query.page - 1) * query.limit;
      const end = start + query.limit;
      const filters = { nodeId, since };
      // A page past the kept ids is ranked for this request alone.
      if (end > CACHED_HITS) return rank(kind, terms, filters, start, query.limit);
      const signature = createHash('sha1')
        .update(JSON.stringify([terms, nodeId, since ?? null]))
        .digest('base64url');
      const cacheKey = keys.hits(kind, signature);
      // One round trip: the index's version and the kept ranking, which names the version it saw.
      const [current, stored] = await rmRedis().mget(keys.version(kind), cacheKey);
      const version = current ?? '0';
      let ranked = stored ? (JSON.parse(stored) as KeptHits) : undefined;
      if (ranked?.version !== version) {
        // The same new query asked again meanwhile waits for this ranking instead of making its own.
        const flight = `${cacheKey} ${version}`;
        let ranking = rankings.get(flight);
        if (!ranking) {
          ranking = (async () => {
            const fresh = { version, ...(await rank(kind, terms, filters, 0, CACHED_HITS)) };
            await rmRedis().set(cacheKey, JSON.stringify(fresh), 'EX', CACHED_SECONDS);
            return fresh;
          })().finally(() => rankings.delete(flight));
          rankings.set(flight, ranking);
        }
        ranked = await ranking;
      }
      return { ids: ranked.ids.slice(start, end), total: ranked.total };
    },
    async clear() {
      let cursor = '0';
      do {
        const [next, found] = await rmRedis().scan(cursor, 'MATCH', `${rmKey('search')}:*`, 'COUNT', 1000);
        cursor = next;
        if (found.length) await rmRedis().unlink(...found);
      } while (cursor !== '0');
      await rmRedis().multi().incr(keys.version('topic')).incr(keys.version('article')).exec();
    },
  };
}

setDefaultSearchEngine(() => createEmbeddedSearch());
