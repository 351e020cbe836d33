/**
 * The embedded engine's posting sets held in the ranking process: a ranking from held sets is the
 * ranking from Redis, whatever another process indexed or removed meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { useTestServices } from '../testing';
import { createEmbeddedSearch } from './embedded';
import { heldPostings, pairsOf, ScoreTable } from './held-postings';
import type { SearchDocument, SearchQuery, SearchSort } from './port';

useTestServices();

const WORDS = ['语音', '识别', '模型', '训练', '数据', '解码', 'Conformer', '声学', '流式', '延迟'];
const now = Date.now();

/** A small deterministic generator, so a failure names a sequence that can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function documentOf(id: number, next: () => number): SearchDocument {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const title = next() < 0.2 ? '' : `${pick()}${pick()}的问题`;
  const body = Array.from({ length: 1 + Math.floor(next() * 6) }, () => `${pick()}和${pick()}`).join('，');
  return {
    kind: 'topic',
    id,
    title,
    content: body,
    tags: next() < 0.3 ? [pick()] : [],
    nodeId: 1 + Math.floor(next() * 3),
    recommend: next() < 0.1,
    createTime: now - Math.floor(next() * 1e9),
  };
}

describe('posting sets held by the ranking process', () => {
  it('rank as Redis does while another process indexes, edits and removes', async () => {
    const next = random(20261130);
    const held = heldPostings(50_000);
    const ranking = createEmbeddedSearch('jieba', { held });
    const indexer = createEmbeddedSearch();
    await indexer.clear();
    // More documents than a word's cap of 250, so rankings look scores up.
    let nextId = 1;
    const batch = Array.from({ length: 700 }, () => documentOf(nextId++, next));
    await indexer.index(batch);
    const live = new Set(batch.map((document) => document.id));

    const queryOf = (): SearchQuery => {
      const words = Array.from(
        { length: 2 + Math.floor(next() * 2) },
        () => WORDS[Math.floor(next() * WORDS.length)]!,
      );
      const sort: SearchSort = next() < 0.25 ? 'newest' : 'relevance';
      const filter = next();
      return {
        kind: 'topic',
        keyword: words.join(' '),
        sort,
        nodeId: filter < 0.2 ? 1 + Math.floor(next() * 3) : filter < 0.3 ? -1 : undefined,
        page: 1 + Math.floor(next() * 3),
        limit: 20,
      };
    };

    let compared = 0;
    for (let round = 0; round < 12; round++) {
      // Another process changes the index: new posts, edits, removals.
      const changes: SearchDocument[] = [];
      for (let i = 0; i < 5; i++) changes.push(documentOf(nextId++, next));
      for (let i = 0; i < 5; i++) {
        const id = 1 + Math.floor(next() * (nextId - 1));
        if (live.has(id)) changes.push(documentOf(id, next));
      }
      await indexer.index(changes);
      changes.forEach((document) => live.add(document.id));
      for (let i = 0; i < 3; i++) {
        const id = 1 + Math.floor(next() * (nextId - 1));
        await indexer.remove('topic', id);
        live.delete(id);
      }
      for (let q = 0; q < 8; q++) {
        const query = queryOf();
        const warm = await ranking.search(query);
        // A new process holds nothing: its ranking is read from Redis alone.
        const cold = await createEmbeddedSearch('jieba', { held: heldPostings(0) }).search(query);
        expect(warm, `${query.keyword} ${query.sort} ${query.nodeId ?? ''} page ${query.page}`).toEqual(cold);
        for (const id of warm.ids) expect(live.has(id)).toBe(true);
        compared++;
      }
    }
    expect(compared).toBe(96);
    // The rankings did use held sets, within the budget.
    expect(held.size).toBeGreaterThan(0);
    expect(held.size).toBeLessThanOrEqual(50_000);
  });

  it('finds a post another process indexed since, and loses a removed one', async () => {
    const held = heldPostings(10_000);
    const ranking = createEmbeddedSearch('jieba', { held });
    const indexer = createEmbeddedSearch();
    await indexer.clear();
    const next = random(7);
    await indexer.index(Array.from({ length: 400 }, (_, i) => documentOf(i + 1, next)));
    const query = { kind: 'topic', keyword: '声学 解码', page: 1, limit: 20 } as const;
    expect((await ranking.search(query)).ids).not.toContain(9001);
    const heldBefore = held.size;
    expect(heldBefore).toBeGreaterThan(0);

    const strong: SearchDocument = {
      kind: 'topic',
      id: 9001,
      title: '声学解码',
      content: '声学 解码',
      tags: ['声学', '解码'],
      nodeId: 1,
      recommend: false,
      createTime: now,
    };
    await indexer.index([strong]);
    expect((await ranking.search(query)).ids[0]).toBe(9001);
    // The other word order is a new query: ranked from held sets, with the new post.
    const reordered = { ...query, keyword: '解码 声学' };
    const hits = await ranking.search(reordered);
    expect(hits.ids).toContain(9001);
    expect(hits).toEqual(await createEmbeddedSearch('jieba', { held: heldPostings(0) }).search(reordered));
    // An edit that drops a word takes the post out of that word's set, held or not.
    await indexer.index([{ ...strong, title: '声学', content: '声学', tags: [] }]);
    const edited = { ...query, keyword: '解码 声学 解码 声学' };
    expect((await ranking.search(edited)).ids).not.toContain(9001);
    await indexer.index([strong]);
    expect((await ranking.search({ ...query, keyword: '声学 解码 解码' })).ids[0]).toBe(9001);
    await indexer.remove('topic', 9001);
    expect((await ranking.search({ ...query, keyword: '声学 解码 声学' })).ids).not.toContain(9001);
    // After the index is cleared, nothing held is used.
    await indexer.clear();
    expect((await ranking.search({ ...query, keyword: '解码 声学 解码' })).total).toBe(0);
  });
});

describe('heldPostings', () => {
  it('answers only for the stamp it holds, and keeps at most its budget of scores, the least used dropped first', () => {
    const held = heldPostings(6);
    const a = held.hold('a', 's1', 3, pairsOf(['1', '3.5', '2', '1.25']));
    expect(held.size).toBe(2);
    expect(held.valid('a', 's1')).toBe(a);
    expect(held.valid('a', 's2')).toBeUndefined();
    held.remember(a, 9, null);
    expect(a.scores.get(9)).toBeNull();
    expect(a.scores.get(1)).toBe(3.5);
    expect(a.scores.get(3)).toBeUndefined();
    const b = held.hold('b', 't1', 10);
    held.remember(b, 1, 1);
    held.remember(b, 2, 1);
    expect(held.size).toBe(5);
    // `a` used last: `b` is dropped when the budget is passed.
    held.valid('a', 's1');
    const c = held.hold('c', 'u1', 4, pairsOf(['5', '1', '6', '1']));
    expect(held.has('b')).toBe(false);
    expect(held.has('a')).toBe(true);
    expect(held.valid('c', 'u1')).toBe(c);
    expect(held.size).toBe(5);
    // A set held anew under another stamp starts empty.
    const a2 = held.hold('a', 's2', 3);
    expect(a2.scores.size).toBe(0);
    expect(held.size).toBe(2);
    // Scores of a dropped set no longer count.
    held.remember(a, 7, 1);
    expect(held.size).toBe(2);
  });

  it('keeps scores by id in a table that grows, telling unknown ids from ids without the term', () => {
    const table = new ScoreTable();
    for (let id = 1; id <= 5000; id++) expect(table.add(id * 7, id % 3 ? id / 1000 : null)).toBe(true);
    expect(table.size).toBe(5000);
    expect(table.add(7, 42)).toBe(false);
    expect(table.get(7)).toBe(0.001);
    expect(table.get(21)).toBeNull();
    expect(table.get(7 * 4999)).toBe(4.999);
    expect(table.get(8)).toBeUndefined();
    // Ids a table cannot hold are never known.
    expect(table.add(0, 1)).toBe(false);
    expect(table.add(2 ** 40, 1)).toBe(false);
    expect(table.get(2 ** 40)).toBeUndefined();
  });
});
