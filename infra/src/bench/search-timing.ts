/**
 * The embedded search engine alone against a Redis (no API, no MongoDB): indexes `--docs` seeded
 * posts (the bench's sentences; a fifth tweets) under a fresh key prefix, then sends distinct
 * one-to-three-word queries (never repeated, so every one is ranked) from `--connections`
 * concurrent callers for `--seconds`, and prints the index's memory and the latency percentiles;
 * the keys are removed at the end. `npx tsx infra/src/bench/search-timing.ts --docs 20000 --redis redis://127.0.0.1:6379`;
 * `--misspell` misspells the queries' long Latin words, so every such query is corrected.
 * A sanity check of the engine's cost, not the bench: the web server, the API and their share of
 * the machine are not in it.
 */
import { parseArgs } from 'node:util';
import { createEmbeddedSearch, createRedis, initKv, type SearchDocument } from '@forum/core';
import { distinctQueries } from './search-queries';
import { SENTENCES } from './seed';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    // Misspells every Latin word of 5 letters or more (its 2nd and 3rd letters swapped): the cost of
    // typo tolerance.
    misspell: { type: 'boolean', default: false },
  },
});
const docs = Number(values.docs);
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const redis = createRedis(values.redis);
const prefix = `search-timing-${Date.now().toString(36)}:`;
initKv(redis, prefix);
const engine = createEmbeddedSearch();

function document(i: number): SearchDocument {
  const tweet = i % 5 === 0;
  const body: string[] = [];
  for (let s = 0; s < 4; s++) body.push(SENTENCES[(i * 7 + s * 3) % SENTENCES.length]!);
  return {
    kind: 'topic',
    id: i + 1,
    title: tweet ? '' : `${SENTENCES[i % SENTENCES.length]!.slice(0, 20)}（${i + 1}）`,
    content: tweet ? SENTENCES[i % SENTENCES.length]! : `背景\n${body.join('\n')}\nprint(${i + 1})`,
    tags: [],
    nodeId: 1 + (i % 10),
    recommend: i % 50 === 0,
    createTime: Date.now() - (docs - i) * 60_000,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  const started = Date.now();
  for (let i = 0; i < docs; i += 200) {
    await engine.index(Array.from({ length: Math.min(200, docs - i) }, (_, j) => document(i + j)));
  }
  let bytes = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) bytes += (await redis.memory('USAGE', key, 'SAMPLES', 0)) ?? 0;
  } while (cursor !== '0');
  console.log(
    `indexed ${docs} documents in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${(bytes / 1048576).toFixed(1)} MB in Redis (${Math.round(bytes / docs)} bytes a document)`,
  );

  const swap = (word: string) =>
    /^[a-z][a-z0-9]{4,}$/i.test(word) ? word[0]! + word[2]! + word[1]! + word.slice(3) : word;
  const queries = distinctQueries(200_000).map((query) =>
    values.misspell ? query.split(' ').map(swap).join(' ') : query,
  );
  let turn = 0;
  let errors = 0;
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline && turn < queries.length) {
        const keyword = queries[turn++]!;
        const at = performance.now();
        try {
          await engine.search({ kind: 'topic', keyword, page: 1, limit: 20 });
          latencies.push(performance.now() - at);
        } catch (error) {
          errors++;
          if (errors === 1) console.error(error);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  console.log(
    `${latencies.length} distinct queries at ${connections} callers in ${seconds} s ` +
      `(${(latencies.length / seconds).toFixed(0)}/s): p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(latencies, 95).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
      `errors ${errors}`,
  );
} finally {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
  await redis.quit();
}
