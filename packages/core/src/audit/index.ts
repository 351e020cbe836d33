export * from './jobs';
export * from './model';
export * from './operate-log';
export * from './log-action';
export * from './admin-query';
