export * from './config';
export {
  connectDatabase,
  disconnectDatabase,
  ensureIndexes,
  isDatabaseUnavailable,
  pingDatabase,
} from './db/connection';
export { DEFAULT_DATABASE, databaseName } from './db/database-name';
export {
  Counter,
  IdTakenError,
  idSequences,
  insertWithFreshId,
  lastId,
  nextId,
  raiseIdSequence,
  raiseIdSequences,
  reserveIds,
} from './db/counters';
export { isDuplicateKeyError } from './db/duplicate-key';
export * from './audit';
export { AppError } from './errors';
export { parseInput } from './parse-input';
export { systemContext, type RequestContext } from './request-context';
export * from './events';
export { createLogger, type Logger } from './logger';
export {
  clusterAddress,
  assertRedisVersion,
  createBullConnection,
  createRedis,
  isCluster,
  isClusterAddress,
  pingRedis,
  redisAddressFromEnv,
  redisAddressOf,
  scanKeys,
  unlinkKeys,
  type Redis,
} from './redis';
export * from './users';
export { clearKv, initKv, kv, kvKey } from './kv';
export { hitRateLimit, RateLimits, type RateLimitName } from './rate-limit';
export * from './follows';
export * from './follow-feed';
export * from './message-mail';
export * from './mute';
export * from './reports';
export * from './blocks';
export * from './watches';
export * from './mentions';
export * from './policies';
export * from './captcha';
export * from './uploads';
export * from './mail';
export * from './password-reset';
export * from './oauth';
export * from './nodes';
export * from './tags';
export * from './topics';
export * from './markdown';
export * from './articles';
export * from './projects';
export * from './links';
export * from './comments';
export * from './edits';
export * from './likes';
export * from './favorites';
export { configureSite, siteBaseUrl, siteRenderOptions } from './site';
export * from './feeds';
export * from './read-model';
export * from './points';
export * from './check-in';
export * from './messages';
export * from './search';
export {
  createLiveClients,
  disconnectLive,
  liveAdapter,
  liveChannel,
  pushLive,
  setLivePublisher,
  type LivePublisher,
} from './live';
export * from './admin';
export * from './metrics';
