/** The small crash test (`chaos-small.ts`) on the Redis Cluster `npm test` starts. */
import { describeOnRedisCluster } from '@forum/core/testing';
import { smallChaosRun } from './chaos-small';

describeOnRedisCluster('writes under SIGKILLs of the API and the worker', smallChaosRun);
