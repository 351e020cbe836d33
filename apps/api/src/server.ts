/**
 * Starts the API: database, Redis, event bus, config cache, HTTP and socket.io. Returns a handle
 * that stops everything in order, so `main.ts` and tests share one way to run it.
 */
import { createServer, type Server } from 'node:http';
import { answerClientErrors } from '@forum/core/client-errors';
import type { AddressInfo } from 'node:net';
import {
  closeEventBus,
  configCache,
  configureLinkDetection,
  configureSite,
  connectDatabase,
  createLogger,
  assertRedisVersion,
  createLiveClients,
  createRedis,
  disconnectDatabase,
  ensureDefaultNode,
  ensureOwner,
  ensureReadModel,
  setLivePublisher,
  setSearchEngine,
  createMeiliSearch,
  enableProcessMetrics,
  enableReadModelMetrics,
  watchReadModel,
  initEventBus,
  initKv,
  raiseIdSequences,
  seedSiteConfig,
  type Logger,
} from '@forum/core';
import { createApp } from './app';
import { answerFromCache, mayAnswerFromCache } from './http/fast-answers';
import { observeHttp, observeSockets } from './http/metrics';
import { createLoadShedder, type LoadShedder } from './http/load-shedding';
import { publicAnswers } from './legacy/handler';
import type { ApiConfig } from './config';
import { attachRealtime, type ForumIo } from './realtime/io';

export interface RunningApi {
  server: Server;
  io: ForumIo;
  port: number;
  log: Logger;
  shedder: LoadShedder;
  close(): Promise<void>;
}

export async function startApi(config: ApiConfig): Promise<RunningApi> {
  const log = createLogger('api', config.LOG_LEVEL);
  await connectDatabase(config.MONGO_URL, config.MONGO_DB);
  // Commands that requests issue in the same tick leave in one write (a page's reads, the session,
  // the stamp of many concurrent requests): fewer system calls per request under load.
  const redis = createRedis(config.REDIS_URL, { enableAutoPipelining: true });
  await assertRedisVersion(redis);
  initKv(redis, config.REDIS_PREFIX);
  // A rebuild renders topics with the site's address: known before it.
  configureSite({ baseUrl: config.BASE_URL });
  // Lists and entities are read from the read model: rebuild it first if Redis lost it.
  await ensureReadModel(log);
  // Rows written by another process (a demo, a restore, a second site) may lie past a sequence:
  // raised to each collection's largest id before this process hands out any.
  await raiseIdSequences();
  await seedSiteConfig();
  await ensureDefaultNode();
  configureLinkDetection({ allowPrivateAddresses: config.LINK_DETECT_ALLOW_PRIVATE });
  initEventBus({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });

  const owner = await ensureOwner(config.OWNER_USERNAME, config.OWNER_PASSWORD);
  if (owner.created) {
    log.info({ userId: owner.userId }, 'owner account created');
    if (owner.generatedPassword) {
      // Printed once on purpose: nobody else knows this password.
      process.stdout.write(
        `\nOwner account created: username "${config.OWNER_USERNAME}", password "${owner.generatedPassword}"\n\n`,
      );
    }
  }

  const { pub, sub } = createLiveClients(config.REDIS_URL);
  const cacheSub = createRedis(config.REDIS_URL);
  await configCache.connect(redis, cacheSub, config.REDIS_PREFIX);

  const stopWatching = watchReadModel(log);
  const { app, publicReads } = createApp({ config, log, redis });
  enableProcessMetrics('api');
  enableReadModelMetrics();
  const shedder = createLoadShedder({
    maxActive: config.MAX_ACTIVE_REQUESTS,
    maxActiveWrites: config.MAX_ACTIVE_WRITES,
    maxQueued: config.MAX_QUEUED_REQUESTS,
    queueWaitMs: config.QUEUE_WAIT_MS,
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    retryAfterSeconds: Math.max(1, Math.ceil(config.QUEUE_WAIT_MS / 1000)),
  });
  const server = createServer((req, res) => {
    observeHttp(req, res);
    shedder.handle(req, res, () => {
      // A cached answer, else a public read in front of Express, else Express. A failed refresh or
      // read (Redis gone): the application answers, or explains the failure.
      const toApp = () => void app(req, res);
      const read = () => void publicReads.answer(req, res).then((done) => done || toApp(), toApp);
      if (req.method !== 'GET') return toApp();
      if (!mayAnswerFromCache(req)) return read();
      answerFromCache(publicAnswers, log, req, res).then((answered) => answered || read(), toApp);
    });
  });
  // A request it cannot parse (a URL or headers over 16 KB) is refused so that the client reads why.
  answerClientErrors(server);
  // Slow or stalled clients may not hold sockets for Node's default five minutes.
  server.requestTimeout = config.REQUEST_TIMEOUT_MS * 2;
  server.headersTimeout = Math.min(20_000, server.requestTimeout);
  const io = attachRealtime(server, pub, sub, log, config.REDIS_PREFIX, {
    shedder,
    trustProxy: config.TRUST_PROXY,
  });
  observeSockets(io);
  // Pushes from request paths (a read clears the badge in the reader's other tabs) go through it.
  setLivePublisher(io);
  if (config.MEILI_URL) {
    setSearchEngine(
      createMeiliSearch({
        url: config.MEILI_URL,
        apiKey: config.MEILI_MASTER_KEY,
        prefix: config.REDIS_PREFIX,
      }),
    );
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port }, 'api listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      stopWatching();
      setLivePublisher(null);
      await io.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await configCache.disconnect();
      await closeEventBus();
      await Promise.all([redis, pub, sub, cacheSub].map((client) => client.quit().catch(() => undefined)));
      await disconnectDatabase();
    })());
  return { server, io, port, log, shedder, close };
}
