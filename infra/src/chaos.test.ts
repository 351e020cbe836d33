/**
 * The crash test, small (`chaos-small.ts`), on the run's own Redis. `npm run chaos` runs the full
 * one (1,000 writes, kills at random moments too); `chaos-cluster.test.ts` the same small one on the
 * Redis Cluster `npm test` starts.
 */
import { describe } from 'vitest';
import { smallChaosRun } from './chaos-small';

describe('writes under SIGKILLs of the API and the worker, on one Redis', () => {
  smallChaosRun();
});
