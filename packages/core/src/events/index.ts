export * from './bus';
export * from './outbox';
export * from './routes';
