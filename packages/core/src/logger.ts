import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs in production, one logger per process; children carry request or job ids. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name } });
}
