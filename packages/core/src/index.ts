export * from './config';
export { connectDatabase, disconnectDatabase, ensureIndexes, pingDatabase } from './db/connection';
export { Counter, nextId } from './db/counters';
export * from './audit';
export { AppError } from './errors';
export * from './events';
export { createLogger, type Logger } from './logger';
export { createBullConnection, createRedis, pingRedis, type Redis } from './redis';
export * from './users';
