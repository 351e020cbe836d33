/**
 * The embedded search engine alone against a Redis (no API, no MongoDB): indexes `--docs` seeded
 * posts (the bench's sentences; a fifth tweets) under a fresh key prefix, then sends distinct
 * one-to-three-word queries (never repeated, so every one is ranked) from `--connections`
 * concurrent callers for `--seconds`, and prints the index's memory and the latency percentiles;
 * the keys are removed at the end unless `--keep NAME` names an index to keep (and reuse next time
 * when it holds `--docs`). It also prints Redis's CPU and each Redis command's cost per query.
 * `npx tsx infra/src/bench/search-timing.ts --docs 20000 --redis redis://127.0.0.1:6379`;
 * `--misspell` misspells the queries' long Latin words, so every such query is corrected.
 * A sanity check of the engine's cost, not the bench: the web server, the API and their share of
 * the machine are not in it.
 */
import { parseArgs } from 'node:util';
import {
  createEmbeddedSearch,
  createRedis,
  initKv,
  scanKeys,
  unlinkKeys,
  type SearchDocument,
} from '@forum/core';
import { distinctQueries } from './search-queries';
import { SENTENCES } from './seed';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    // Keep the index under this prefix after the run, and reuse it when it already holds `--docs`.
    keep: { type: 'string' },
    // Misspells every Latin word of 5 letters or more (its 2nd and 3rd letters swapped): the cost of
    // typo tolerance.
    misspell: { type: 'boolean', default: false },
  },
});
const docs = Number(values.docs);
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const redis = createRedis(values.redis);
const prefix = values.keep ? `search-timing-${values.keep}:` : `search-timing-${Date.now().toString(36)}:`;
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

/** Redis's CPU time so far and its per-command call counts and time (INFO). */
async function redisCost() {
  const cpu = await redis.info('cpu');
  const used = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(cpu)?.[1] ?? 0);
  const commands = new Map<string, { calls: number; usec: number }>();
  for (const line of (await redis.info('commandstats')).split('\n')) {
    const found = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line);
    if (found) commands.set(found[1]!, { calls: Number(found[2]), usec: Number(found[3]) });
  }
  return { cpuMs: (used('used_cpu_sys') + used('used_cpu_user')) * 1000, commands };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

try {
  const started = Date.now();
  const indexed = await redis.zcard(`${prefix}rm:{search}:topic:time`);
  for (let i = indexed === docs ? docs : 0; i < docs; i += 200) {
    await engine.index(Array.from({ length: Math.min(200, docs - i) }, (_, j) => document(i + j)));
    // 100,000 documents take minutes: a line every 10,000.
    const done = Math.min(i + 200, docs);
    if (done % 10_000 === 0 || done === docs) {
      console.log(`indexing: ${done}/${docs} documents, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  if (indexed === docs) {
    // A new version, so the rankings kept by the last run are not reused.
    await redis.incr(`${prefix}rm:searchv:{search}:topic`);
    console.log(`reused the kept index of ${docs} documents`);
  } else {
    let bytes = 0;
    for await (const keys of scanKeys(redis, `${prefix}*`)) {
      for (const key of keys) bytes += (await redis.memory('USAGE', key, 'SAMPLES', 0)) ?? 0;
    }
    console.log(
      `indexed ${docs} documents in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
        `${(bytes / 1048576).toFixed(1)} MB in Redis (${Math.round(bytes / docs)} bytes a document)`,
    );
  }

  const swap = (word: string) =>
    /^[a-z][a-z0-9]{4,}$/i.test(word) ? word[0]! + word[2]! + word[1]! + word.slice(3) : word;
  const queries = distinctQueries(200_000).map((query) =>
    values.misspell ? query.split(' ').map(swap).join(' ') : query,
  );
  const redisBefore = await redisCost();
  const cpuBefore = process.cpuUsage();
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
  const redisAfter = await redisCost();
  const cpu = process.cpuUsage(cpuBefore);
  const perQuery = (ms: number) => (ms / Math.max(1, latencies.length)).toFixed(2);
  console.log(
    `per query: Redis CPU ${perQuery(redisAfter.cpuMs - redisBefore.cpuMs)} ms, ` +
      `this process's CPU ${perQuery((cpu.user + cpu.system) / 1000)} ms`,
  );
  for (const [command, after] of redisAfter.commands) {
    const before = redisBefore.commands.get(command) ?? { calls: 0, usec: 0 };
    const calls = after.calls - before.calls;
    if (calls < latencies.length / 10) continue;
    console.log(
      `  ${command}: ${(calls / latencies.length).toFixed(1)} a query, ` +
        `${((after.usec - before.usec) / calls).toFixed(1)} µs each`,
    );
  }
} finally {
  if (!values.keep) {
    for await (const keys of scanKeys(redis, `${prefix}*`)) await unlinkKeys(redis, keys);
  }
  await redis.quit();
}
