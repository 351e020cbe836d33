export * from './bus';
export * from './definitions';
export * from './insert-with-events';
export * from './jobs';
export * from './outbox';
export * from './pending-events';
export * from './routes';
