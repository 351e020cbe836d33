export * from './config';
export * from './errors';
export * from './paging';
export * from './queues';
export * from './socket';
export * from './users';
