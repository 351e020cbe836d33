export * from './jobs';
export * from './model';
export * from './operate-log';
