/**
 * The embedded search engine: an inverted index in Redis beside the read model, read by key only
 * (FerretDB answers nothing but `_id` lookups quickly).
 *
 * **Index.** For each term (see `terms.ts`) a sorted set of the ids that contain it, each scored by
 * the term's weight in that document (`rm:search:<kind>:w:<term>`), and a set of those that have it
 * in their title or tags (`…:t:<term>`); the creation times (`…:time`, also the set of indexed
 * ids), the node (`…:node:<id>`) and recommended sets; and each document's terms (`…:doc:<id>`), so
 * an edit or a removal takes it out of the sets it left.
 *
 * **Weights (BM25F).** A term's weight in a document is computed when the document is indexed: its
 * fields count it once each (title 3, tags 2, body 1; repeating a word adds nothing), a term at
 * the start of the document's opening (its title, or its body when it has none) counts up to 2
 * more (2 at the first character, falling to none at the eighth), and the sum is saturated and length-normalised as BM25 does (k1 1.2, b 0.6), against
 * the square root of the document's distinct terms over a fixed reference of 100 (not the
 * forum's average, so no weight needs recomputing when other documents come and go). At query time
 * each term's weight is multiplied by its IDF (from the sizes of its set and of `…:time`).
 *
 * **Matching (Meilisearch's `last` strategy).** The query's words in order (`queryTerms`); a
 * document matches from the first word on: those with every word first, then those with all but
 * the last, and so on down to the first word alone; a document without the first word is not a
 * match. Within a group: the BM25F score, plus a proximity bonus for two consecutive query words
 * that are adjacent (approximated: two CJK words whose boundary character pair the document has, as
 * 语音识别 has 音识, or two words both in its title or tags); then the newest first. Sorted by 最新:
 * within a group, the newest first.
 *
 * **Bounded cost.** A ranking reads at most `TERM_CAP` ids of each query word, its best by weight
 * (ties: the newest, since the score carries a recency fraction below the weight's precision): the
 * candidates are the union of those, and each candidate's weight for every word, creation time and
 * title flags are then read for those ids alone (ZMSCORE, SMISMEMBER). A word in fewer documents
 * than the cap is read whole, so rare words are exact; a common word contributes its best. Node,
 * recommended and time filters are intersected with each word's set before its best are taken (a
 * cost bounded by the filter's size); a 最新 sort also takes each word's matches among the
 * `TERM_CAP` newest documents. Totals are therefore at most about `TERM_CAP` per query word, as
 * Meilisearch bounds its totals too.
 *
 * **Kept rankings.** A query's best `CACHED_HITS` ids and its total are kept for `CACHED_SECONDS`
 * under a key naming the query, with the index's version it was ranked at (`rm:searchv:<kind>`,
 * bumped by every change of the index): the same query again, or its next pages, cost one MGET
 * (the version and the kept ranking), and never show an older index.
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
  type SearchSort,
} from './port';
import { occurrencesOf, queryTerms, termsOf, type QueryTerm, type Segmenter } from './terms';

/** Characters of a body that are indexed: enough for any post's substance, bounded in memory. */
export const INDEXED_CONTENT_LENGTH = 3000;
/** BM25F: the weight of a term in each field (counted once per field), and of a leading term. */
const FIELD_WEIGHTS = { title: 3, tags: 2, body: 1, lead: 2 };
/**
 * A term starting this near the start of a document's opening (title, or body without one) leads
 * it: the full lead weight at the first character, less the further in, none from here on.
 */
const LEAD_CHARACTERS = 8;
const K1 = 1.2;
const B = 0.6;
/** The length (distinct terms) at which a document's weights are neither raised nor lowered. */
const REFERENCE_TERMS = 100;
/** A proximity bonus of this share of the two words' mean IDF. */
const PROXIMITY = 0.3;
/** At most this many of a query word's documents (its best by weight) are ranked. */
export const TERM_CAP = 500;
/** Query words beyond this many are ignored. */
const MAX_QUERY_TERMS = 8;
/** How many of a query's best ids are kept (ten pages of the legacy search), and for how long. */
const CACHED_HITS = 200;
const CACHED_SECONDS = 60;
/** A time filter's start is rounded down to the minute, so one query's filter is one cache entry. */
const SINCE_STEP = 60_000;
/** How many rankings one process runs in Redis at once. */
const RANKING_SLOTS = 2;

/**
 * A posting's score: the weight to three decimals, plus the creation time as a fraction below
 * that precision, so among equal weights the newest are a word's best.
 */
function postingScore(weight: number, createTime: number): number {
  return Math.round(weight * 1000) / 1000 + (Math.max(0, createTime) / 1e13) * 1e-4;
}

function weightOf(score: string | null | undefined): number {
  if (score === null || score === undefined) return 0;
  return Math.floor(Number(score) * 1000 + 1e-6) / 1000;
}

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
  posting: (kind: SearchKind, term: string) => rmKey('search', kind, 'w', term),
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

/** A document's terms with their weights, and those in its title or tags. */
export interface DocumentTerms {
  weights: Map<string, number>;
  title: string[];
}

/** What a document's removal must undo: its terms and the filter sets it is in. */
interface Stored {
  terms: string[];
  title: string[];
  nodeId?: number;
  recommend?: boolean;
}

export function documentTerms(document: SearchDocument, segmenter: Segmenter = 'jieba'): DocumentTerms {
  const title = occurrencesOf(document.title, segmenter);
  const tags = termsOf(document.tags.join('\n'), segmenter);
  const body = occurrencesOf(document.content.slice(0, INDEXED_CONTENT_LENGTH), segmenter);
  const opening = document.title.trim() ? title : body;
  const all = new Set([...title.keys(), ...tags, ...body.keys()]);
  const norm = 1 - B + B * Math.sqrt(all.size / REFERENCE_TERMS);
  const weights = new Map<string, number>();
  for (const term of all) {
    const lead = Math.max(0, 1 - (opening.get(term) ?? Infinity) / LEAD_CHARACTERS);
    const frequency =
      (title.has(term) ? FIELD_WEIGHTS.title : 0) +
      (tags.has(term) ? FIELD_WEIGHTS.tags : 0) +
      (body.has(term) ? FIELD_WEIGHTS.body : 0) +
      lead * FIELD_WEIGHTS.lead;
    weights.set(term, (frequency * (K1 + 1)) / (frequency + K1 * norm));
  }
  return { weights, title: [...new Set([...title.keys(), ...tags])] };
}

/** Inverse document frequency (BM25's, never negative). */
function idf(documents: number, containing: number): number {
  return Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
}

interface Filters {
  nodeId: number;
  since?: number;
}

/** Runs a pipeline and answers its replies, throwing the first error. */
async function run(pipeline: ReturnType<ReturnType<typeof rmRedis>['pipeline']>): Promise<unknown[]> {
  const replies = (await pipeline.exec())!;
  const failed = replies.find(([error]) => error);
  if (failed) throw failed[0]!;
  return replies.map(([, reply]) => reply);
}

export function createEmbeddedSearch(segmenter: Segmenter = 'jieba'): SearchEngine {
  const rankingSlots = slots(RANKING_SLOTS);
  const rankings = new Map<string, Promise<KeptHits>>();
  async function removeTerms(kind: SearchKind, id: number): Promise<void> {
    const stored = await rmRedis().get(keys.doc(kind, id));
    const multi = rmRedis().multi();
    if (stored) {
      const terms = JSON.parse(stored) as Stored;
      for (const term of terms.terms ?? []) multi.zrem(keys.posting(kind, term), id);
      for (const term of terms.title ?? []) multi.srem(keys.title(kind, term), id);
      if (terms.nodeId !== undefined) multi.srem(keys.node(kind, terms.nodeId), id);
      if (terms.recommend) multi.srem(keys.recommended(kind), id);
    }
    await multi.del(keys.doc(kind, id)).zrem(keys.time(kind), id).incr(keys.version(kind)).exec();
  }

  /**
   * Ranks the query's matches (see the module's comment): `count` ids from `start`, and the total.
   * Three pipelines: the sets' sizes; each word's best ids (after the filters); the candidates'
   * weights, times and title flags. Not transactions (the scratch keys are this call's own), so
   * other clients' commands run between them; and at most `RANKING_SLOTS` rankings of this process
   * are in Redis at once, so a flood of new queries slows searches, not every page of the site.
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
    terms: QueryTerm[],
    filters: Filters,
    sort: SearchSort,
    start: number,
    count: number,
  ): Promise<SearchHits> {
    const none = { ids: [], total: 0 };
    const posting = (term: string) => keys.posting(kind, term);
    // 1. How many documents hold each word and each of its pairs.
    const keysOf = (term: QueryTerm) => [term.key, ...term.pairs];
    const sizes = rmRedis().pipeline().zcard(keys.time(kind));
    for (const term of terms) for (const key of keysOf(term)) sizes.zcard(posting(key));
    const [documents, ...cards] = (await run(sizes)) as number[];
    let at = 0;
    const matching = terms.map((term) => {
      const wordCount = cards[at++]!;
      const pairCounts = term.pairs.map(() => cards[at++]!);
      const pairsMatch = pairCounts.length > 0 && pairCounts.every((size) => size > 0);
      const rarestPair = pairsMatch ? term.pairs[pairCounts.indexOf(Math.min(...pairCounts))] : undefined;
      const containing = Math.max(wordCount, pairsMatch ? Math.min(...pairCounts) : 0);
      return {
        term,
        generators: [...(wordCount > 0 ? [term.key] : []), ...(rarestPair ? [rarestPair] : [])],
        idf: idf(documents!, containing),
      };
    });
    // A query whose first word is nowhere finds nothing.
    if (matching[0]!.generators.length === 0) return none;

    // 2. Each word's best ids, within the filters; for 最新 also its matches among the newest.
    const { nodeId, since } = filters;
    const scratch: string[] = [];
    const fresh = () => {
      const key = keys.scratch();
      scratch.push(key);
      return key;
    };
    const best = rmRedis().pipeline();
    let within: string | undefined;
    if (kind === 'topic' && nodeId !== 0) {
      within = fresh();
      const filter = nodeId < 0 ? keys.recommended(kind) : keys.node(kind, nodeId);
      best.zinterstore(within, 2, keys.time(kind), filter, 'WEIGHTS', 1, 0);
    }
    if (since !== undefined) {
      const window = fresh();
      best.zrangestore(window, within ?? keys.time(kind), since, '+inf', 'BYSCORE');
      within = window;
    }
    const newest = sort === 'newest' ? fresh() : undefined;
    if (newest) best.zrangestore(newest, within ?? keys.time(kind), -TERM_CAP, -1);
    const generators = [...new Set(matching.flatMap((match) => match.generators))];
    let reads = 0;
    for (const generator of generators) {
      if (within) {
        const filtered = fresh();
        best.zinterstore(filtered, 2, posting(generator), within, 'WEIGHTS', 1, 0);
        best.zrevrange(filtered, 0, TERM_CAP - 1);
      } else {
        best.zrevrange(posting(generator), 0, TERM_CAP - 1);
      }
      reads++;
      if (newest) {
        const recent = fresh();
        best.zinterstore(recent, 2, posting(generator), newest, 'WEIGHTS', 1, 0);
        best.zrange(recent, 0, '-1');
        reads++;
      }
    }
    if (scratch.length) best.del(...scratch);
    const replies = await run(best);
    const lists = replies.filter((reply): reply is string[] => Array.isArray(reply));
    if (lists.length !== reads) throw new Error('search: unexpected pipeline replies');
    const candidates = [...new Set(lists.flat())];
    if (candidates.length === 0) return none;

    // 3. The candidates' weights for every word and pair, creation times and title flags.
    const scores = rmRedis()
      .pipeline()
      .zmscore(keys.time(kind), ...candidates);
    for (const term of terms) {
      for (const key of keysOf(term)) scores.zmscore(posting(key), ...candidates);
      if (terms.length > 1) scores.smismember(keys.title(kind, term.key), ...candidates);
    }
    const boundaries = terms.slice(1).map((next, i) => {
      const previous = terms[i]!;
      if (!previous.cjk || !next.cjk) return undefined;
      const boundary = Array.from(previous.key).at(-1)! + Array.from(next.key)[0]!;
      scores.zmscore(posting(boundary), ...candidates);
      return boundary;
    });
    const [times, ...columns] = (await run(scores)) as (string | null | number)[][];
    at = 0;
    const perTerm = terms.map((term) => {
      const word = columns[at++] as (string | null)[];
      const pairs = term.pairs.map(() => columns[at++] as (string | null)[]);
      const title = terms.length > 1 ? (columns[at++] as number[]) : undefined;
      return { word, pairs, title };
    });
    const adjacent = boundaries.map((boundary) =>
      boundary === undefined ? undefined : (columns[at++] as (string | null)[]),
    );

    const ranked: { id: number; level: number; score: number; time: number }[] = [];
    candidates.forEach((id, j) => {
      const time = times![j];
      if (time === null || time === undefined) return;
      const weights = perTerm.map(({ word, pairs }) => {
        const direct = weightOf(word[j]);
        const viaPairs = pairs.length ? Math.min(...pairs.map((column) => weightOf(column[j]))) : 0;
        return Math.max(direct, viaPairs);
      });
      let level = 0;
      while (level < weights.length && weights[level]! > 0) level++;
      if (level === 0) return;
      let score = 0;
      weights.forEach((weight, i) => (score += weight * matching[i]!.idf));
      for (let i = 0; i + 1 < weights.length; i++) {
        if (!weights[i] || !weights[i + 1]) continue;
        const near =
          (adjacent[i] && adjacent[i]![j] !== null) ||
          (perTerm[i]!.title?.[j] === 1 && perTerm[i + 1]!.title?.[j] === 1);
        if (near) score += (PROXIMITY * (matching[i]!.idf + matching[i + 1]!.idf)) / 2;
      }
      ranked.push({ id: Number(id), level, score, time: Number(time) });
    });
    ranked.sort(
      (a, b) =>
        b.level - a.level || (sort === 'relevance' ? b.score - a.score : 0) || b.time - a.time || b.id - a.id,
    );
    return { ids: ranked.slice(start, start + count).map((hit) => hit.id), total: ranked.length };
  }

  return {
    name: 'embedded',
    async index(documents) {
      for (const document of documents) {
        const { kind, id } = document;
        const { weights, title } = documentTerms(document, segmenter);
        await removeTerms(kind, id);
        const multi = rmRedis().multi();
        for (const [term, weight] of weights)
          multi.zadd(keys.posting(kind, term), postingScore(weight, document.createTime), id);
        for (const term of title) multi.sadd(keys.title(kind, term), id);
        multi.sadd(keys.node(kind, document.nodeId), id);
        if (document.recommend) multi.sadd(keys.recommended(kind), id);
        const stored: Stored = {
          terms: [...weights.keys()],
          title,
          nodeId: document.nodeId,
          recommend: document.recommend,
        };
        multi.set(keys.doc(kind, id), JSON.stringify(stored));
        multi.zadd(keys.time(kind), document.createTime, id);
        multi.incr(keys.version(kind));
        await multi.exec();
      }
    },
    remove: removeTerms,
    async search(query: SearchQuery): Promise<SearchHits> {
      const terms = queryTerms(query.keyword, segmenter).slice(0, MAX_QUERY_TERMS);
      if (terms.length === 0) return { ids: [], total: 0 };
      const { kind } = query;
      const sort = query.sort ?? 'relevance';
      const nodeId = kind === 'topic' ? (query.nodeId ?? 0) : 0;
      const since = query.since === undefined ? undefined : Math.floor(query.since / SINCE_STEP) * SINCE_STEP;
      const start = (query.page - 1) * query.limit;
      const end = start + query.limit;
      const filters = { nodeId, since };
      // A page past the kept ids is ranked for this request alone.
      if (end > CACHED_HITS) return rank(kind, terms, filters, sort, start, query.limit);
      // The words' order matters (the `last` strategy drops words from the end).
      const signature = createHash('sha1')
        .update(JSON.stringify([terms.map((term) => term.key), nodeId, since ?? null, sort]))
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
            const fresh = { version, ...(await rank(kind, terms, filters, sort, 0, CACHED_HITS)) };
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
