/**
 * The embedded search engine: an inverted index in Redis beside the read model, read by key only
 * (FerretDB answers nothing but `_id` lookups quickly).
 *
 * **Index.** For each term (see `terms.ts`) a sorted set of the ids that contain it, each scored by
 * the term's weight in that document (`rm:search:<kind>:w:<term>`); the creation times (`…:time`,
 * also the set of indexed ids), the node (`…:node:<id>`) and recommended sets; and each document's
 * terms (`…:doc:<id>`), so an edit or a removal takes it out of the sets it left.
 *
 * **Weights (BM25F).** A term's weight in a document is computed when the document is indexed: its
 * fields count it once each (title 3, tags 2, body 1; repeating a word adds nothing), a term at
 * the start of the document's opening (its title, or its body when it has none) counts up to 2
 * more (2 at the first character, falling to none at the eighth), and the sum is saturated and
 * length-normalised as BM25 does (k1 1.2, b 0.6) against the square root of the document's
 * distinct terms over a fixed reference of 100 (not the forum's average, so no weight needs
 * recomputing when other documents come and go). At query time each word's weight is multiplied
 * by its IDF (from the sizes of its set and of `…:time`).
 *
 * **Matching (Meilisearch's `last` strategy).** The query's words in order (`queryTerms`); a
 * document matches from the first word on: those with every word first, then those with all but
 * the last, and so on down to the first word alone; a document without the first word is not a
 * match. Within a group: the BM25F score plus a proximity bonus for two consecutive CJK query words
 * that are adjacent in the document (approximated by the document having their boundary character
 * pair, as 语音识别 has 音识; Latin words get no proximity bonus), then the newest. Sorted by 最新:
 * within a group, the newest first.
 *
 * **Bounded cost.** A query of one word without filters is its sorted set, read by rank (one
 * ZREVRANGE: weight order, ties newest first since the score carries a recency fraction below the
 * weight's precision). Otherwise a ranking reads at most `TERM_CAP` ids of each query word (or of
 * its rarest pair), its best by weight, with their weights: the candidates are the union of those,
 * and the weights each candidate lacks are read for those ids alone (ZMSCORE). A word in fewer
 * documents than the cap is read whole, so rare words are exact and need no lookups; a common word
 * contributes its best. Node, recommended and time filters are intersected with each word's set
 * before its best are taken (a cost bounded by the filter's size); a 最新 sort also takes each
 * word's matches among the `TERM_CAP` newest documents. Totals of common words are therefore
 * bounded by about `TERM_CAP` per query word, as Meilisearch bounds its totals too.
 *
 * **Kept rankings.** A query's best `CACHED_HITS` ids and its total are kept for `CACHED_SECONDS`
 * under a key naming the query, with the index's version it was ranked at (`rm:searchv:<kind>`,
 * bumped by every change of the index): the same query again, or its next pages, cost one MGET
 * (the version and the kept ranking), and never show an older index.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { rmRedis, searchKey, searchVersionKey } from '../read-model/store';
import { execAll, scanKeys, unlinkKeys } from '../redis';
import { slots } from '../slots';
import {
  setDefaultSearchEngine,
  type SearchDocument,
  type SearchEngine,
  type SearchHits,
  type SearchKind,
  type SearchQuery,
  type SearchSort,
} from './port';
import { heldPostings, pairsOf, type HeldPosting, type HeldPostings, type Pairs } from './held-postings';
import {
  deletions,
  editDistance,
  neighbourhood,
  occurrencesOf,
  queryTerms,
  termsOf,
  typosAllowed,
  type QueryTerm,
  type Segmenter,
} from './terms';

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
export const TERM_CAP = 250;
/** Query words beyond this many are ignored. */
const MAX_QUERY_TERMS = 8;
/** How many of a query's best ids are kept (ten pages of the legacy search), and for how long. */
const CACHED_HITS = 200;
const CACHED_SECONDS = 60;
/** A time filter's start is rounded down to the minute, so one query's filter is one cache entry. */
const SINCE_STEP = 60_000;
/** How many rankings one process runs in Redis at once. */
const RANKING_SLOTS = 2;
/** How many posting scores one process holds (see `held-postings.ts`): at most about 50 MB. */
const HELD_SCORES = 1_000_000;
/** The stamp of a term no document has. */
const ABSENT = '';

/**
 * A posting's score: the weight to three decimals, plus the creation time as a fraction below
 * that precision, so among equal weights the newest are a word's best.
 */
function postingScore(weight: number, createTime: number): number {
  return Math.round(weight * 1000) / 1000 + (Math.max(0, createTime) / 1e13) * 1e-4;
}

/** The recency fraction of a posting's score (in thousandths of a weight point). */
function recencyOf(score: number | null | undefined): number {
  if (score === null || score === undefined) return 0;
  const scaled = score * 1000;
  return scaled - Math.floor(scaled + 1e-6);
}

function weightOf(score: number | null | undefined): number {
  if (score === null || score === undefined) return 0;
  return Math.floor(score * 1000 + 1e-6) / 1000;
}

/** A score as Redis answers it (null: not in the set). */
function scoreIn(reply: string | null | undefined): number | null {
  return reply === null || reply === undefined ? null : Number(reply);
}

const keys = {
  posting: (kind: SearchKind, term: string) => searchKey(kind, 'w', term),
  time: (kind: SearchKind) => searchKey(kind, 'time'),
  node: (kind: SearchKind, nodeId: number) => searchKey(kind, 'node', nodeId),
  recommended: (kind: SearchKind) => searchKey(kind, 'recommended'),
  doc: (kind: SearchKind, id: number) => searchKey(kind, 'doc', id),
  stamps: (kind: SearchKind) => searchKey(kind, 'stamp'),
  near: (kind: SearchKind, deletion: string) => searchKey(kind, 'near', deletion),
  scratch: () => searchKey('tmp', randomUUID()),
  // Outside `rm:{search}:*`, so clearing the index bumps the version instead of resetting it.
  version: (kind: SearchKind) => searchVersionKey(kind),
  hits: (kind: SearchKind, signature: string) => searchKey(kind, 'q', signature),
};

/** A query's kept ranking, valid while the index is at `version`. */
interface KeptHits extends SearchHits {
  version: string;
}

/** A document's terms with their weights. */
export interface DocumentTerms {
  weights: Map<string, number>;
}

/** What a document's removal must undo: its terms and the filter sets it is in. */
interface Stored {
  terms: string[];
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
  return { weights };
}

/** Inverse document frequency (BM25's, never negative). */
function idf(documents: number, containing: number): number {
  return Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
}

interface Filters {
  nodeId: number;
  since?: number;
}

/**
 * Marks the posting sets of `terms` as changed (see `held-postings.ts`): one fresh token for all
 * of them, set in the transaction that changes them.
 */
function stamp(multi: ChainableCommander, kind: SearchKind, terms: string[]): void {
  if (terms.length === 0) return;
  const token = randomBytes(6).toString('base64url');
  multi.hset(keys.stamps(kind), ...terms.flatMap((term) => [term, token]));
}

/** A posting set as a ranking reads it: its size, its best when asked for, held or not. */
interface PostingRead {
  size: number;
  best?: Pairs;
  held?: HeldPosting;
}

export function createEmbeddedSearch(
  segmenter: Segmenter = 'jieba',
  { held: given }: { held?: HeldPostings } = {},
): SearchEngine {
  const rankingSlots = slots(RANKING_SLOTS);
  const rankings = new Map<string, Promise<KeptHits>>();
  const postings = given ?? heldPostings(HELD_SCORES);

  /**
   * The sizes of the index and of the sets of `terms`, with the best of those in `withBest`: one
   * round trip of their stamps (and of the sets this process does not hold), and a second only
   * for held sets changed since (see `held-postings.ts`).
   */
  async function readPostings(
    kind: SearchKind,
    terms: string[],
    withBest: Set<string>,
  ): Promise<{ documents: number; sets: Map<string, PostingRead> }> {
    const unique = [...new Set(terms)];
    const posting = (term: string) => keys.posting(kind, term);
    // The stamps first: what is read after them is at least as new.
    const first = rmRedis()
      .pipeline()
      .zcard(keys.time(kind))
      .hmget(keys.stamps(kind), ...unique);
    const asked = new Map<string, number>();
    for (const key of unique) {
      if (postings.has(key)) continue;
      asked.set(key, first.length);
      first.zcard(posting(key));
      if (withBest.has(key)) first.zrevrange(posting(key), 0, TERM_CAP - 1, 'WITHSCORES');
    }
    const replies = await execAll(first);
    const stamps = replies[1] as (string | null)[];
    const sets = new Map<string, PostingRead>();
    const again = rmRedis().pipeline();
    let later: unknown[] = [];
    const settle: (() => void)[] = [];
    unique.forEach((key, i) => {
      // A term in no document has no stamp either, and is held as absent until it gets one; a
      // set with documents but no stamp (indexed before stamps) is not held.
      const stamp = stamps[i] ?? ABSENT;
      const hold = (size: number, best?: Pairs) =>
        sets.set(key, {
          size,
          best,
          held: stamp === ABSENT && size > 0 ? undefined : postings.hold(key, stamp, size, best),
        });
      const at = asked.get(key);
      if (at !== undefined) {
        hold(replies[at] as number, withBest.has(key) ? pairsOf(replies[at + 1] as string[]) : undefined);
        return;
      }
      const held = postings.valid(key, stamp);
      if (held && (held.best || !withBest.has(key))) {
        sets.set(key, { size: held.size, best: held.best, held });
        return;
      }
      const index = again.length;
      if (held) {
        again.zrevrange(posting(key), 0, TERM_CAP - 1, 'WITHSCORES');
        settle.push(() => {
          postings.holdBest(held, pairsOf(later[index] as string[]));
          sets.set(key, { size: held.size, best: held.best, held });
        });
        return;
      }
      again.zcard(posting(key));
      if (withBest.has(key)) again.zrevrange(posting(key), 0, TERM_CAP - 1, 'WITHSCORES');
      settle.push(() =>
        hold(later[index] as number, withBest.has(key) ? pairsOf(later[index + 1] as string[]) : undefined),
      );
    });
    if (again.length) {
      later = await execAll(again);
      for (const step of settle) step();
    }
    return { documents: replies[0] as number, sets };
  }
  async function removeTerms(kind: SearchKind, id: number): Promise<void> {
    const stored = await rmRedis().get(keys.doc(kind, id));
    const multi = rmRedis().multi();
    if (stored) {
      const terms = JSON.parse(stored) as Stored;
      for (const term of terms.terms ?? []) multi.zrem(keys.posting(kind, term), id);
      stamp(multi, kind, terms.terms ?? []);
      if (terms.nodeId !== undefined) multi.srem(keys.node(kind, terms.nodeId), id);
      if (terms.recommend) multi.srem(keys.recommended(kind), id);
    }
    await execAll(multi.del(keys.doc(kind, id)).zrem(keys.time(kind), id).incr(keys.version(kind)));
  }

  /**
   * Typo tolerance for Latin words: a query word of 5 characters or more that no document has is
   * replaced by the nearest indexed term within one typo (two from 9 characters), found through
   * the deletion neighbourhood (`…:near:<deletion>` sets); the nearest first, then the one in the
   * most documents. An exact match always wins. Asked only when a ranking finds such a word in no
   * document: two round trips (the word's set's size with its neighbours, then their sizes), and
   * the query is ranked again with the corrected words; a query without a misspelt word costs
   * nothing more.
   */
  async function corrected(kind: SearchKind, terms: QueryTerm[]): Promise<QueryTerm[]> {
    const typoable = terms.filter((term) => !term.cjk && typosAllowed(term.key) > 0);
    if (typoable.length === 0) return terms;
    const probe = rmRedis().pipeline();
    for (const { key } of typoable) {
      const allowed = typosAllowed(key);
      const near = [key, ...deletions(key, 1), ...(allowed > 1 ? deletions(key, 2) : [])];
      probe
        .zcard(keys.posting(kind, key))
        .sunion(...[...new Set(near)].map((deletion) => keys.near(kind, deletion)));
    }
    const replies = await execAll(probe);
    const misspelt = new Map<string, { term: string; distance: number }[]>();
    typoable.forEach(({ key }, i) => {
      if ((replies[2 * i] as number) > 0) return;
      const allowed = typosAllowed(key);
      const candidates = (replies[2 * i + 1] as string[])
        .map((term) => ({ term, distance: editDistance(key, term) }))
        .filter(({ distance }) => distance > 0 && distance <= allowed);
      if (candidates.length) misspelt.set(key, candidates);
    });
    if (misspelt.size === 0) return terms;
    const sizes = rmRedis().pipeline();
    const all = [...misspelt.values()].flat();
    for (const { term } of all) sizes.zcard(keys.posting(kind, term));
    const counts = (await execAll(sizes)) as number[];
    const countOf = new Map(all.map(({ term }, i) => [term, counts[i]!]));
    const replacement = new Map<string, string>();
    for (const [key, candidates] of misspelt) {
      const best = candidates
        .filter(({ term }) => countOf.get(term)! > 0)
        .sort(
          (a, b) =>
            a.distance - b.distance ||
            countOf.get(b.term)! - countOf.get(a.term)! ||
            (a.term < b.term ? -1 : 1),
        )[0];
      if (best) replacement.set(key, best.term);
    }
    const seen = new Set<string>();
    return terms
      .map((term) => {
        const key = replacement.get(term.key);
        return key ? { ...term, key } : term;
      })
      .filter((term) => !seen.has(term.key) && seen.add(term.key));
  }

  /**
   * Ranks the query's matches (see the module's comment): `count` ids from `start`, and the total.
   * Three pipelines at most: the sets' sizes (with each word's best, when there is no filter and
   * no 最新); each word's or rarest pair's best (after the filters); the weights (and for 最新 the
   * times) the candidates lack. Not transactions (the scratch keys are this call's own), so
   * other clients' commands run between them; and at most `RANKING_SLOTS` rankings of this process
   * are in Redis at once, so a flood of new queries slows searches, not every page of the site.
   */
  function rank(...query: Parameters<typeof rankNow>): Promise<SearchHits> {
    return rankingSlots.run(() => rankNow(...query));
  }

  async function rankNow(
    kind: SearchKind,
    terms: QueryTerm[],
    filters: Filters,
    sort: SearchSort,
    start: number,
    count: number,
    correcting = true,
  ): Promise<SearchHits> {
    const none = { ids: [], total: 0 };
    /** A Latin word found nowhere and possibly misspelt: ranked again with the corrected words. */
    const misspelt = async (
      found: (term: QueryTerm, i: number) => boolean,
    ): Promise<SearchHits | undefined> => {
      if (!correcting || !terms.some((term, i) => !term.cjk && typosAllowed(term.key) > 0 && !found(term, i)))
        return undefined;
      const better = await corrected(kind, terms);
      if (better.every((term, i) => term.key === terms[i]?.key) && better.length === terms.length)
        return undefined;
      return rankNow(kind, better, filters, sort, start, count, false);
    };
    const end = start + count;
    const posting = (term: string) => keys.posting(kind, term);
    const { nodeId, since } = filters;
    const nodeFilter = kind === 'topic' && nodeId !== 0;
    const only = terms.length === 1 ? terms[0]! : undefined;
    // One word, no filter, by relevance: its set is the ranking (weight, then newest), read whole.
    if (only && only.pairs.length === 0 && !nodeFilter && since === undefined && sort === 'relevance') {
      const [ids, total] = (await execAll(
        rmRedis()
          .pipeline()
          .zrevrange(posting(only.key), start, end - 1)
          .zcard(posting(only.key)),
      )) as [string[], number];
      if (total === 0) return (await misspelt(() => false)) ?? none;
      return { ids: ids.map(Number), total };
    }

    // 1. How many documents hold each word, each of its pairs, each boundary pair of two words.
    const boundaries = terms.slice(1).map((next, i) => {
      const previous = terms[i]!;
      return previous.cjk && next.cjk
        ? Array.from(previous.key).at(-1)! + Array.from(next.key)[0]!
        : undefined;
    });
    // Without a filter or 最新 each word's best are read in the same round trip.
    const direct = !nodeFilter && since === undefined && sort === 'relevance';
    const { documents, sets } = await readPostings(
      kind,
      [
        ...terms.flatMap((term) => [term.key, ...term.pairs]),
        ...boundaries.filter((pair) => pair !== undefined),
      ],
      direct ? new Set(terms.map((term) => term.key)) : new Set(),
    );
    const sizeOf = (key: string) => sets.get(key)!.size;
    const matching = terms.map((term) => {
      const wordCount = sizeOf(term.key);
      const pairCounts = term.pairs.map(sizeOf);
      const byPairs = pairCounts.length > 0 && pairCounts.every((size) => size > 0);
      const fewest = byPairs ? Math.min(...pairCounts) : 0;
      return {
        term,
        byWord: wordCount > 0,
        byPairs,
        rarestPair: byPairs ? term.pairs[pairCounts.indexOf(fewest)] : undefined,
        idf: idf(documents, Math.max(wordCount, fewest)),
      };
    });
    const adjacent = boundaries.map((boundary) => (boundary && sizeOf(boundary) > 0 ? boundary : undefined));
    const typo = await misspelt((_, i) => matching[i]!.byWord);
    if (typo) return typo;
    // The groups: the query's first words, up to the first found nowhere; none without the first.
    let levels = 0;
    while (levels < matching.length && (matching[levels]!.byWord || matching[levels]!.byPairs)) levels++;
    if (levels === 0) return none;

    // 2. The candidates: each word's (or rarest pair's) best `TERM_CAP` within the filter, and
    // for 最新 its matches among the `TERM_CAP` newest, with their scores.
    const best = rmRedis().pipeline();
    const scratch: string[] = [];
    const fresh = () => {
      const key = keys.scratch();
      scratch.push(key);
      return key;
    };
    let within: string | undefined;
    if (nodeFilter) {
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
    const generators = [
      ...new Set(
        matching.flatMap((match) => [
          ...(match.byWord ? [match.term.key] : []),
          ...(match.rarestPair ? [match.rarestPair] : []),
        ]),
      ),
    ];
    // Each read is a held set's best (`list`, its scores held already) or a reply (`index`); a
    // generator's unfiltered best read from Redis is held for the next rankings (`holdAsBest`).
    const reads: { key: string; top: boolean; list?: Pairs; index?: number; holdAsBest?: HeldPosting }[] = [];
    for (const generator of generators) {
      const set = sets.get(generator)!;
      if (!within && set.best) {
        reads.push({ key: generator, top: true, list: set.best });
      } else {
        let source = posting(generator);
        if (within) {
          const inside = fresh();
          best.zinterstore(inside, 2, source, within, 'WEIGHTS', 1, 0);
          source = inside;
        }
        reads.push({
          key: generator,
          top: true,
          index: best.length,
          holdAsBest: within ? undefined : set.held,
        });
        best.zrevrange(source, 0, TERM_CAP - 1, 'WITHSCORES');
      }
      if (newest) {
        const recent = fresh();
        best.zinterstore(recent, 2, posting(generator), newest, 'WEIGHTS', 1, 0);
        reads.push({ key: generator, top: false, index: best.length });
        best.zrange(recent, 0, '-1', 'WITHSCORES');
      }
    }
    if (scratch.length) best.del(...scratch);
    const replies = best.length ? await execAll(best) : [];
    // Each candidate's place (in the order first read), and per key the scores known by place; a
    // key whose best were fewer than the cap is known whole.
    const slot = new Map<number, number>();
    const candidates: number[] = [];
    const known = new Map<string, (number | null | undefined)[]>();
    const whole = new Set<string>();
    for (const { key, top, list, index, holdAsBest } of reads) {
      const { ids, scores: read } = list ?? pairsOf(replies[index!] as string[]);
      if (holdAsBest) postings.holdBest(holdAsBest, { ids, scores: read });
      // Scores read from Redis (not already held as a best) are held for the next rankings.
      const held = list || holdAsBest ? undefined : sets.get(key)!.held;
      let scores = known.get(key);
      if (!scores) known.set(key, (scores = []));
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        let j = slot.get(id);
        if (j === undefined) {
          j = candidates.length;
          slot.set(id, j);
          candidates.push(id);
        }
        scores[j] = read[i]!;
        if (held) postings.remember(held, id, read[i]!);
      }
      if (top && ids.length < TERM_CAP) whole.add(key);
    }
    if (candidates.length === 0) return none;

    // 3. What is not known yet: the other words' scores of each candidate, the boundary pairs, and
    // for 最新 the creation times.
    const lookups = rmRedis().pipeline();
    const columns = new Map<string, { index: number; places: number[]; held?: HeldPosting }>();
    const scoreOf = (key: string) => {
      if (columns.has(key) || whole.has(key)) return;
      let scores = known.get(key);
      if (!scores) known.set(key, (scores = []));
      const { held } = sets.get(key)!;
      const places: number[] = [];
      const ids: number[] = [];
      for (let j = 0; j < candidates.length; j++) {
        if (scores[j] !== undefined) continue;
        const kept = held?.scores.get(candidates[j]!);
        if (kept !== undefined) {
          scores[j] = kept;
          continue;
        }
        places.push(j);
        ids.push(candidates[j]!);
      }
      if (ids.length === 0) return;
      columns.set(key, { index: lookups.length, places, held });
      lookups.zmscore(posting(key), ...ids);
    };
    matching.forEach((match) => {
      if (match.byWord) scoreOf(match.term.key);
      if (match.byPairs) match.term.pairs.forEach(scoreOf);
    });
    adjacent.forEach((boundary) => boundary && scoreOf(boundary));
    const timeIndex = lookups.length;
    if (sort === 'newest') lookups.zmscore(keys.time(kind), ...candidates);
    const found = lookups.length ? await execAll(lookups) : [];
    for (const { index, places, held } of columns.values()) {
      if (!held) continue;
      const reply = found[index] as (string | null)[];
      places.forEach((j, i) => postings.remember(held, candidates[j]!, scoreIn(reply[i])));
    }
    /** A key's score for each candidate (null when it lacks the key). */
    const column = (key: string): (number | null)[] => {
      const scores = known.get(key);
      const values: (number | null)[] = new Array<number | null>(candidates.length);
      for (let j = 0; j < candidates.length; j++) values[j] = scores?.[j] ?? null;
      const looked = columns.get(key);
      if (looked) {
        const reply = found[looked.index] as (string | null)[];
        looked.places.forEach((j, i) => (values[j] = scoreIn(reply[i])));
      }
      return values;
    };
    const perTerm = matching.map((match) => ({
      word: match.byWord ? column(match.term.key) : undefined,
      pairs: match.byPairs ? match.term.pairs.map(column) : [],
    }));
    const near = adjacent.map((boundary) => (boundary ? column(boundary) : undefined));
    const times = sort === 'newest' ? (found[timeIndex] as (string | null)[]) : undefined;

    // Each match in its group (how many of the first words it has); only the groups the page
    // reaches are sorted.
    const groups: { id: number; score: number; tie: number }[][] = Array.from(
      { length: levels + 1 },
      () => [],
    );
    const weights = new Float64Array(perTerm.length);
    let total = 0;
    for (let j = 0; j < candidates.length; j++) {
      let first = 0;
      for (let t = 0; t < perTerm.length; t++) {
        const { word, pairs } = perTerm[t]!;
        let weight = weightOf(word?.[j]);
        if (pairs.length) {
          let least = Infinity;
          for (const pair of pairs) least = Math.min(least, weightOf(pair[j]));
          weight = Math.max(weight, least);
        }
        // Any of the first word's scores carries the document's recency fraction.
        if (t === 0) first = recencyOf(word?.[j] ?? pairs[0]?.[j]);
        weights[t] = weight;
      }
      let level = 0;
      while (level < levels && weights[level]! > 0) level++;
      if (level === 0) continue;
      let score = 0;
      for (let i = 0; i < weights.length; i++) score += weights[i]! * matching[i]!.idf;
      for (let i = 0; i + 1 < weights.length; i++) {
        if (!weights[i] || !weights[i + 1]) continue;
        if (near[i] && near[i]![j] !== null)
          score += (PROXIMITY * (matching[i]!.idf + matching[i + 1]!.idf)) / 2;
      }
      // Ties: the newest (by time for 最新; else the first word's score carries a recency fraction).
      const tie = times ? Number(times[j] ?? 0) : first;
      groups[level]!.push({ id: candidates[j]!, score: sort === 'relevance' ? score : 0, tie });
      total++;
    }
    const ids: number[] = [];
    for (let level = levels; level > 0 && ids.length < end; level--) {
      const group = groups[level]!.sort((a, b) => b.score - a.score || b.tie - a.tie || b.id - a.id);
      for (let i = 0; i < group.length && ids.length < end; i++) ids.push(group[i]!.id);
    }
    return { ids: ids.slice(start, end), total };
  }

  return {
    name: 'embedded',
    async index(documents) {
      // The last version of each document; their stored terms in one round trip, then one
      // transaction a document, all sent together.
      const latest = new Map(documents.map((document) => [`${document.kind}:${document.id}`, document]));
      const batch = [...latest.values()];
      if (batch.length === 0) return;
      const reads = rmRedis().pipeline();
      for (const { kind, id } of batch) reads.get(keys.doc(kind, id));
      const previous = (await execAll(reads)) as (string | null)[];
      await Promise.all(
        batch.map(async (document, i) => {
          const { kind, id } = document;
          const { weights } = documentTerms(document, segmenter);
          const multi = rmRedis().multi();
          const old = previous[i] ? (JSON.parse(previous[i]) as Stored) : undefined;
          const changed = [...weights.keys()];
          if (old) {
            for (const term of old.terms ?? [])
              if (!weights.has(term)) {
                multi.zrem(keys.posting(kind, term), id);
                changed.push(term);
              }
            if (old.nodeId !== undefined && old.nodeId !== document.nodeId)
              multi.srem(keys.node(kind, old.nodeId), id);
            if (old.recommend && !document.recommend) multi.srem(keys.recommended(kind), id);
          }
          for (const [term, weight] of weights) {
            multi.zadd(keys.posting(kind, term), postingScore(weight, document.createTime), id);
            for (const deletion of neighbourhood(term)) multi.sadd(keys.near(kind, deletion), term);
          }
          stamp(multi, kind, changed);
          multi.sadd(keys.node(kind, document.nodeId), id);
          if (document.recommend) multi.sadd(keys.recommended(kind), id);
          const stored: Stored = {
            terms: [...weights.keys()],
            nodeId: document.nodeId,
            recommend: document.recommend,
          };
          multi.set(keys.doc(kind, id), JSON.stringify(stored));
          multi.zadd(keys.time(kind), document.createTime, id);
          multi.incr(keys.version(kind));
          await execAll(multi);
        }),
      );
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
      for await (const found of scanKeys(rmRedis(), `${searchKey()}*`)) await unlinkKeys(rmRedis(), found);
      await execAll(rmRedis().multi().incr(keys.version('topic')).incr(keys.version('article')));
    },
  };
}

setDefaultSearchEngine(() => createEmbeddedSearch());
