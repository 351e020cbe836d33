import type { Logger } from '@forum/core';

/**
 * On SIGTERM or SIGINT, closes the worker (which waits for in-flight jobs) and exits 0; a second
 * signal while draining exits at once with 1, and the unfinished jobs are retried as stalled.
 */
export function installShutdown(
  target: { close(): Promise<void> },
  log: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn({ signal }, 'second signal while draining; exiting now');
      exit(1);
      return;
    }
    closing = true;
    log.info({ signal }, 'draining in-flight jobs before exit');
    target.close().then(
      () => {
        log.info('worker stopped');
        exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
}
