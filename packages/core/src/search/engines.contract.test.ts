/**
 * The contract every search engine meets: the embedded one always, Meilisearch when `MEILI_URL`
 * names a running server or one answers on 127.0.0.1:7700 (skipped with the reason printed
 * otherwise). With Meilisearch, also its
 * quality on the graded set at the embedded engine's thresholds, and its parity with the embedded
 * engine (the same top results).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServices, uniqueName } from '../testing';
import {
  QUALITY_THRESHOLDS,
  describeQuality,
  indexQualitySet,
  measureQuality,
  type QualityFigures,
} from '../testing/search-quality';
import { createEmbeddedSearch } from './embedded';
import { createMeiliSearch } from './meilisearch';
import type { SearchDocument, SearchEngine } from './port';

useTestServices();

const DAY = 24 * 3600 * 1000;
const now = Date.now();
const documents: SearchDocument[] = [
  {
    kind: 'topic',
    id: 1,
    title: '待处理的录音',
    content: '重采样到 16k',
    tags: [],
    nodeId: 1,
    recommend: false,
    createTime: now - 3 * DAY,
  },
  {
    kind: 'topic',
    id: 2,
    title: '前端信号处理',
    content: '回声消除与降噪',
    tags: ['前端'],
    nodeId: 2,
    recommend: true,
    createTime: now - 40 * DAY,
  },
  {
    kind: 'topic',
    id: 3,
    title: 'Conformer 训练日志',
    content: '正文提到处理',
    tags: [],
    nodeId: 1,
    recommend: false,
    createTime: now,
  },
  {
    kind: 'article',
    id: 1,
    title: '语音识别综述',
    content: '从 GMM 到 Conformer',
    tags: [],
    nodeId: 0,
    recommend: false,
    createTime: now,
  },
];

function contract(name: string, make: () => SearchEngine) {
  describe(`${name} search engine`, () => {
    it('finds parts of words, ranks title matches first, matches as the last strategy, sorts, filters and removes', async () => {
      const engine = make();
      await engine.clear();
      await engine.index(documents);
      const hits = await engine.search({ kind: 'topic', keyword: '处理', page: 1, limit: 10 });
      expect(hits.total).toBe(3);
      expect(hits.ids.slice(0, 2).sort()).toEqual([1, 2]);
      expect(hits.ids[2]).toBe(3);
      expect(
        (await engine.search({ kind: 'topic', keyword: '处理', nodeId: 1, page: 1, limit: 10 })).ids.sort(),
      ).toEqual([1, 3]);
      expect(
        (await engine.search({ kind: 'topic', keyword: '处理', nodeId: -1, page: 1, limit: 10 })).ids,
      ).toEqual([2]);
      expect(
        (
          await engine.search({ kind: 'topic', keyword: '处理', since: now - 30 * DAY, page: 1, limit: 10 })
        ).ids.sort(),
      ).toEqual([1, 3]);
      expect((await engine.search({ kind: 'topic', keyword: 'CONFORMER', page: 1, limit: 10 })).ids).toEqual([
        3,
      ]);
      expect(
        (await engine.search({ kind: 'article', keyword: 'conformer', page: 1, limit: 10 })).ids,
      ).toEqual([1]);
      expect((await engine.search({ kind: 'topic', keyword: '处理', page: 2, limit: 2 })).ids).toHaveLength(
        1,
      );

      // 最新: newest first.
      expect(
        (await engine.search({ kind: 'topic', keyword: '处理', sort: 'newest', page: 1, limit: 10 })).ids,
      ).toEqual([3, 1, 2]);
      // The last matching strategy: every word first, then words dropped from the end; a first
      // word found nowhere finds nothing.
      expect(
        (await engine.search({ kind: 'topic', keyword: '处理 conformer', page: 1, limit: 10 })).ids[0],
      ).toBe(3);
      expect(
        (await engine.search({ kind: 'topic', keyword: 'conformer 处理 日志', page: 1, limit: 10 })).ids,
      ).toEqual([3]);
      expect(
        (await engine.search({ kind: 'topic', keyword: '蒸馏 conformer', page: 1, limit: 10 })).total,
      ).toBe(0);

      await engine.index([{ ...documents[0]!, title: '已改名的录音', content: '没有那个词' }]);
      await engine.remove('topic', 2);
      expect((await engine.search({ kind: 'topic', keyword: '处理', page: 1, limit: 10 })).ids).toEqual([3]);
      expect((await engine.search({ kind: 'topic', keyword: '', page: 1, limit: 10 })).total).toBe(0);
    });

    it('pages through many equal matches newest first, past the first ten pages too', async () => {
      const engine = make();
      await engine.clear();
      const many = Array.from({ length: 205 }, (_, i) => ({
        ...documents[0]!,
        id: 1000 + i,
        title: `声码器对比 第${i}篇`,
        content: '声码器',
        createTime: now - i * 1000,
      }));
      await engine.index(many);
      const seen: number[] = [];
      for (let page = 1; page <= 11; page++) {
        const hits = await engine.search({ kind: 'topic', keyword: '声码器', page, limit: 20 });
        expect(hits.total).toBe(205);
        seen.push(...hits.ids);
      }
      expect(seen).toEqual(many.map((document) => document.id));
    });
  });
}

contract('embedded', () => createEmbeddedSearch());

/** `MEILI_URL`, else a Meilisearch answering on its default local port, else none. */
async function reachableMeilisearch(): Promise<string | undefined> {
  if (process.env.MEILI_URL) return process.env.MEILI_URL;
  const local = 'http://127.0.0.1:7700';
  try {
    const response = await fetch(`${local}/health`, { signal: AbortSignal.timeout(500) });
    return response.ok ? local : undefined;
  } catch {
    return undefined;
  }
}

const meiliUrl = await reachableMeilisearch();
if (meiliUrl) {
  const prefix = `${uniqueName('t')}-`;
  const meili = () => createMeiliSearch({ url: meiliUrl, apiKey: process.env.MEILI_MASTER_KEY, prefix });
  contract('Meilisearch', meili);

  describe('Meilisearch on the graded set', () => {
    let figures: QualityFigures;
    let embedded: QualityFigures;
    beforeAll(async () => {
      const engine = meili();
      figures = await measureQuality(engine, await indexQualitySet(engine));
      console.log(describeQuality('Meilisearch', figures));
      const local = createEmbeddedSearch();
      embedded = await measureQuality(local, await indexQualitySet(local));
    }, 600_000);

    it('reaches the thresholds the embedded engine is held to', () => {
      expect(figures.ndcg).toBeGreaterThanOrEqual(QUALITY_THRESHOLDS.ndcg);
      expect(figures.recall).toBeGreaterThanOrEqual(QUALITY_THRESHOLDS.recall);
      expect(figures.noAnswerPrecision).toBeGreaterThanOrEqual(QUALITY_THRESHOLDS.noAnswerPrecision);
    });

    it('returns the same top results as the embedded engine', () => {
      // Per query, the share of the embedded engine's first five that Meilisearch has in its first ten.
      const shares = [...embedded.top].map(([query, ids]) => {
        const theirs = figures.top.get(query) ?? [];
        const mine = ids.slice(0, 5);
        return mine.length === 0
          ? theirs.length === 0
            ? 1
            : 0
          : mine.filter((id) => theirs.includes(id)).length / mine.length;
      });
      const parity = shares.reduce((a, b) => a + b, 0) / shares.length;
      console.log(
        `search parity: Meilisearch has ${(parity * 100).toFixed(1)}% of the embedded engine's first five`,
      );
      expect(parity).toBeGreaterThanOrEqual(QUALITY_THRESHOLDS.parity);
    });
  });
} else {
  describe('Meilisearch search engine', () => {
    it.skip('runs when MEILI_URL names a Meilisearch server (not set here, none on 127.0.0.1:7700)', () =>
      undefined);
  });
  console.log(
    'Meilisearch contract test skipped: MEILI_URL is not set and no Meilisearch answers on 127.0.0.1:7700',
  );
}
