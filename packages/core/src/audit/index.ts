export * from './jobs';
export * from './model';
export * from './operate-log';
export * from './admin-action';
export * from './admin-query';
