/**
 * Test support: every test file gets its own database and Redis key prefix on the real servers the
 * launcher provides (`npm test` sets MONGO_URL and REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll } from 'vitest';
import { connectDatabase, disconnectDatabase } from '../db/connection';
import { resetEventBus } from '../events/queues';
import { forgetEventSigningKey } from '../events/signing';
import { metricsRegistry } from '../metrics/series';
import { clearKv, initKv } from '../kv';
import { createRedis, type Redis } from '../redis';

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

export function uniqueName(kind: string): string {
  return `${kind}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * Connects mongoose to a fresh database for this file and drops it afterwards; returns the names a
 * test needs to build its own clients.
 */
export function useTestServices(): TestServices {
  const { mongoUrl, redisUrl } = testServiceUrls();
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
  });
  afterAll(async () => {
    // Test files share modules (no isolation): leave no event bus behind for the next file.
    await resetEventBus();
    await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    await disconnectDatabase();
    clearKv();
    await kvClient.quit().catch(() => undefined);
    redis = createRedis(redisUrl);
    const keys = await redis.keys(`${services.prefix}*`);
    if (keys.length) await redis.del(...keys);
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
