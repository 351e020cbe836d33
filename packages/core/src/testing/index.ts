/**
 * Test support: every test file gets its own database and Redis key prefix on the real servers the
 * launcher provides (`npm test` sets MONGO_URL and REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectDatabase, disconnectDatabase } from '../db/connection';
import { initEventBus, resetEventBus } from '../events/queues';
import { forgetEventSigningKey } from '../events/signing';
import { metricsRegistry } from '../metrics/series';
import { clearKv, initKv } from '../kv';
import { clusterAddress, createRedis, scanKeys, unlinkKeys, type Redis } from '../redis';

export interface TestServices {
  mongoUrl: string;
  redisUrl: string;
  /** Database name used by this test file. */
  dbName: string;
  /** Redis key prefix (and BullMQ prefix) used by this test file, ending in ':'. */
  prefix: string;
}

export function testServiceUrls(): { mongoUrl: string; redisUrl: string } {
  const mongoUrl = process.env.MONGO_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!mongoUrl || !redisUrl) {
    throw new Error('MONGO_URL and REDIS_URL are not set: run the tests with `npm test`.');
  }
  return { mongoUrl, redisUrl };
}

/** A Redis the tests that run on both kinds use: the launcher's one Redis, or its Redis Cluster. */
export interface RedisTarget {
  name: string;
  /** Its address (`redis://…` or `redis-cluster://…`), for `useTestServices({ redisUrl })`. */
  url: string;
}

let skipReported = false;

/**
 * Runs the same tests on one Redis and on the 6-node Redis Cluster `npm test` starts (its nodes in
 * `TEST_REDIS_CLUSTER_NODES`). Without a cluster (no redis-server here) the cluster's variant is
 * skipped, and its title and the log say why. The body registers its hooks and tests for `target`.
 */
export function describeOnEachRedis(name: string, body: (target: RedisTarget) => void): void {
  describe(`${name}, on one Redis`, () => body({ name: 'one Redis', url: testServiceUrls().redisUrl }));
  describeOnRedisCluster(name, body);
}

/**
 * The cluster half of `describeOnEachRedis`, for a test file that must run it in a process of its
 * own (the infra tests that start whole sites are isolated per file).
 */
export function describeOnRedisCluster(name: string, body: (target: RedisTarget) => void): void {
  const nodes = process.env.TEST_REDIS_CLUSTER_NODES;
  if (nodes) {
    describe(`${name}, on a Redis Cluster`, () =>
      body({ name: 'a Redis Cluster', url: clusterAddress(nodes) }));
    return;
  }
  const reason =
    process.env.TEST_REDIS_CLUSTER_SKIP ?? 'TEST_REDIS_CLUSTER_NODES is not set (run `npm test`)';
  if (!skipReported) console.warn(`Redis Cluster tests skipped: ${reason}`);
  skipReported = true;
  describe.skip(`${name}, on a Redis Cluster (skipped: ${reason})`, () => {
    it('runs on a Redis Cluster', () => undefined);
  });
}

export function uniqueName(kind: string): string {
  return `${kind}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * Connects mongoose to a fresh database for this file and drops it afterwards; returns the names a
 * test needs to build its own clients.
 */
export function useTestServices(options: { redisUrl?: string; eventBus?: boolean } = {}): TestServices {
  const { mongoUrl } = testServiceUrls();
  const redisUrl = options.redisUrl ?? testServiceUrls().redisUrl;
  const services: TestServices = {
    mongoUrl,
    redisUrl,
    dbName: uniqueName('t'),
    prefix: `${uniqueName('t')}:`,
  };
  let redis: Redis | undefined;
  // Services read the read model and allocate ids through the process's Redis: give them this file's prefix.
  const kvClient = createRedis(redisUrl, { lazyConnect: true });
  beforeAll(async () => {
    // Test files share modules (no isolation): each starts with its own metrics at zero.
    metricsRegistry.resetMetrics();
    await connectDatabase(mongoUrl, services.dbName);
    // Another file's database made the key the process knows.
    forgetEventSigningKey();
    initKv(kvClient, services.prefix);
    // Writes record events and hand them to the queues of this file's prefix (closed below).
    if (options.eventBus) initEventBus({ redisUrl, prefix: services.prefix.slice(0, -1) });
  });
  afterAll(async () => {
    // Test files share modules (no isolation): leave no event bus behind for the next file.
    await resetEventBus();
    await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    await disconnectDatabase();
    clearKv();
    await kvClient.quit().catch(() => undefined);
    redis = createRedis(redisUrl);
    for await (const keys of scanKeys(redis, `${services.prefix}*`)) await unlinkKeys(redis, keys);
    await redis.quit();
  });
  return services;
}

/** Known XSS payloads and a checker, for tests of every place that renders user text. */
export { findXss, xssCorpus, type XssFinding, type XssPayload } from './xss-corpus';
export {
  buildAdmin,
  buildArticle,
  buildComment,
  buildMutedUser,
  buildNode,
  buildOwner,
  buildTopic,
  buildTopicNodes,
  buildUser,
  contextFor,
  defaultNode,
  postTopic,
  recordEvent,
  signedIn,
} from './factories';
export {
  commentOf,
  listPairsOf,
  readListPairs,
  rebuildLocked,
  resetReadModel,
  topicCounters,
} from './read-model';
export { waitFor } from './wait-for';
export { metricSample } from './metrics';
export { startSmtpCapture, type ReceivedMail, type SmtpCapture } from './smtp-capture';
