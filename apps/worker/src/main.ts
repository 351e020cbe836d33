/** Worker process entry: reads the environment, starts the worker, drains on SIGTERM/SIGINT. */
import { createLogger } from '@forum/core';
import { loadWorkerConfig, type WorkerConfig } from './config';
import { installShutdown } from './shutdown';
import { startWorker } from './worker';

let config: WorkerConfig;
try {
  config = loadWorkerConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = createLogger('worker', config.logLevel);
try {
  installShutdown(await startWorker(config, { logger: log }), log);
} catch (error) {
  log.fatal({ err: error }, 'worker failed to start');
  // The logger writes asynchronously and exit would lose the line; stderr to a pipe or a file is
  // written at once, so whoever started the worker sees why it stopped.
  console.error('worker failed to start:', error);
  process.exit(1);
}
