/**
 * Search quality on our own test set: recall@10 of the embedded engine, with jieba (kept) and with
 * `Intl.Segmenter` (measured beside it). Both figures are printed; the test fails below 0.95.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServices } from '../testing';
import { createEmbeddedSearch } from './embedded';
import type { SearchEngine } from './port';
import { qualityPosts, qualityQueries } from '../testing/quality-set';
import type { Segmenter } from './terms';

useTestServices();

async function recallAt10(segmenter: Segmenter): Promise<{ recall: number; noise: number }> {
  const engine: SearchEngine = createEmbeddedSearch(segmenter);
  await engine.clear();
  await engine.index(
    qualityPosts.map((post) => ({
      kind: 'topic' as const,
      ...post,
      nodeId: 1,
      recommend: false,
      createTime: post.id,
    })),
  );
  let found = 0;
  let wanted = 0;
  let noise = 0;
  for (const { query, expect: ids } of qualityQueries) {
    const { ids: hits } = await engine.search({ kind: 'topic', keyword: query, page: 1, limit: 10 });
    if (ids.length === 0) noise += hits.length;
    wanted += ids.length;
    found += ids.filter((id) => hits.includes(id)).length;
  }
  return { recall: found / wanted, noise };
}

describe('search quality', () => {
  let jieba: { recall: number; noise: number };
  beforeAll(async () => {
    jieba = await recallAt10('jieba');
  });

  it('finds what each query should at recall@10 ≥ 0.95 (jieba words with character pairs)', async () => {
    const intl = await recallAt10('intl');
    console.log(
      `search recall@10: jieba ${jieba.recall.toFixed(3)}, Intl.Segmenter ${intl.recall.toFixed(3)} ` +
        `(${qualityQueries.length} queries, ${qualityPosts.length} posts)`,
    );
    expect(jieba.recall).toBeGreaterThanOrEqual(0.95);
    expect(jieba.recall).toBeGreaterThanOrEqual(intl.recall);
  });

  it('a query about nothing in the set finds nothing', () => {
    expect(jieba.noise).toBe(0);
  });
});
