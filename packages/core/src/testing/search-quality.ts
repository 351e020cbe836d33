/**
 * Measures a search engine on the graded quality set (`graded-quality-set.ts`) indexed over a
 * background of filler posts: nDCG@10 (graded), recall@10 (judged posts in the first ten over all
 * judged posts) and no-answer precision (the share of the queries about nothing in the set that
 * find nothing). The same thresholds hold for every engine.
 */
import type { SearchDocument, SearchEngine } from '../search/port';
import {
  gradedPosts,
  gradedQueries,
  noisePosts,
  type GradedPost,
  type GradedQuery,
} from './graded-quality-set';

/**
 * What every engine must reach on the graded set with its background; `parity`: the mean share of
 * the embedded engine's first five results that another engine has in its first ten.
 */
export const QUALITY_THRESHOLDS = { ndcg: 0.9, recall: 0.9, noAnswerPrecision: 1, parity: 0.8 };

/** The background's size: filler topics indexed with the set. */
export const NOISE_POSTS = 10_000;

export interface QualityFigures {
  ndcg: number;
  recall: number;
  noAnswerPrecision: number;
  /** nDCG@10 by kind of query (plain, mixed, unit, typo). */
  ndcgByKind: Record<string, number>;
  /** Each query's first ten ids. */
  top: Map<string, number[]>;
  /** The judged queries with an nDCG@10 below 0.5, and what the no-answer queries found. */
  misses: Record<string, number[]>;
  posts: number;
  queries: number;
  indexSeconds: number;
}

export const asTopic = (post: GradedPost, createTime = post.id): SearchDocument => ({
  kind: 'topic',
  id: post.id,
  title: post.title,
  content: post.content,
  tags: post.tags,
  nodeId: 1,
  recommend: false,
  createTime,
});

/** nDCG@10 of `ids` against graded judgments. */
export function ndcgAt10(ids: number[], grades: Record<number, number>): number {
  const gain = (grade: number) => 2 ** grade - 1;
  const dcg = ids
    .slice(0, 10)
    .reduce((sum, id, rank) => sum + gain(grades[id] ?? 0) / Math.log2(rank + 2), 0);
  const ideal = Object.values(grades)
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, grade, rank) => sum + gain(grade) / Math.log2(rank + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Indexes the set and `noise` filler posts into `engine` (cleared first), `concurrency` batches at a time. */
export async function indexQualitySet(
  engine: SearchEngine,
  noise = NOISE_POSTS,
  concurrency = 4,
): Promise<number> {
  const started = Date.now();
  await engine.clear();
  const documents = [
    ...gradedPosts.map((post) => asTopic(post)),
    ...noisePosts(noise).map((post) => asTopic(post)),
  ];
  const batches: SearchDocument[][] = [];
  for (let i = 0; i < documents.length; i += 250) batches.push(documents.slice(i, i + 250));
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < batches.length) await engine.index(batches[next++]!);
    }),
  );
  return (Date.now() - started) / 1000;
}

/** Runs every graded query against an engine holding the set (see `indexQualitySet`). */
export async function measureQuality(
  engine: SearchEngine,
  indexSeconds = 0,
  queries: GradedQuery[] = gradedQueries,
): Promise<QualityFigures> {
  const top = new Map<string, number[]>();
  const misses: Record<string, number[]> = {};
  const byKind = new Map<string, number[]>();
  let judged = 0;
  let found = 0;
  let empty = 0;
  let noAnswer = 0;
  for (const { query, grades, kind } of queries) {
    const ids = (await engine.search({ kind: 'topic', keyword: query, page: 1, limit: 10 })).ids;
    top.set(query, ids);
    if (kind === 'none') {
      noAnswer++;
      if (ids.length === 0) empty++;
      else misses[query] = ids;
      continue;
    }
    const ndcg = ndcgAt10(ids, grades);
    if (ndcg < 0.5) misses[query] = ids;
    byKind.set(kind, [...(byKind.get(kind) ?? []), ndcg]);
    const relevant = Object.keys(grades).map(Number);
    judged += relevant.length;
    found += relevant.filter((id) => ids.includes(id)).length;
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const all = [...byKind.values()].flat();
  return {
    ndcg: mean(all),
    recall: found / judged,
    noAnswerPrecision: noAnswer ? empty / noAnswer : 1,
    ndcgByKind: Object.fromEntries([...byKind].map(([kind, values]) => [kind, mean(values)])),
    top,
    misses,
    posts: gradedPosts.length,
    queries: queries.length,
    indexSeconds,
  };
}

/** One line for the test output. */
export function describeQuality(name: string, figures: QualityFigures, noise = NOISE_POSTS): string {
  const kinds = Object.entries(figures.ndcgByKind)
    .map(([kind, value]) => `${kind} ${value.toFixed(3)}`)
    .join(', ');
  return (
    `search quality (${name}): nDCG@10 ${figures.ndcg.toFixed(3)} (${kinds}), ` +
    `recall@10 ${figures.recall.toFixed(3)}, no-answer precision ${figures.noAnswerPrecision.toFixed(3)} ` +
    `(${figures.queries} queries, ${figures.posts} posts + ${noise} background, indexed in ${figures.indexSeconds.toFixed(1)} s)`
  );
}
