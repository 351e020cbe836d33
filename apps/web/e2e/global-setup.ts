import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    ownerToken: string;
    redisUrl: string;
    redisPrefix: string;
    mailDir: string;
  }
}

/** One stack for all e2e files (they run one after another). */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('webUrl', stack.webUrl);
  project.provide('apiUrl', stack.apiUrl);
  project.provide('ownerToken', stack.ownerToken);
  project.provide('redisUrl', process.env.REDIS_URL!);
  project.provide('redisPrefix', stack.redisPrefix);
  project.provide('mailDir', stack.mailDir);
  return () => stack.stop();
}
