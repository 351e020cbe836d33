export * from './dispatch';
export * from './insert-with-events';
export * from './jobs';
export * from './outbox';
export * from './pending-events';
export * from './queues';
export * from './sweeper';
export * from './update-with-events';
