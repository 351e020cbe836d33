/**
 * Fixture: the real worker entry wiring (env config + signal handling) with one extra, test-only
 * job `slow-test` on every queue that sleeps, then says it finished. Workers started from it with
 * different `WORKER_QUEUES` show which process ran which job.
 */
import { QueueNames } from '@forum/contracts';
import { createLogger, defineJob } from '@forum/core';
import { jobDefinitions } from '../src/jobs';
import { z } from 'zod';
import { loadWorkerConfig } from '../src/config';
import { installShutdown } from '../src/shutdown';
import { startWorker } from '../src/worker';

const slowJobs = QueueNames.map((queue) =>
  defineJob({
    queue,
    name: 'slow-test',
    schema: z.object({ ms: z.number().int().positive() }),
    // Idempotent: it only waits and prints.
    async handler({ ms }, { jobId }) {
      console.log(`started ${jobId} on ${queue}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      console.log(`finished ${jobId} on ${queue}`);
    },
  }),
);

const config = loadWorkerConfig();
const log = createLogger('worker', config.logLevel);
const worker = await startWorker(config, { logger: log, definitions: [...jobDefinitions, ...slowJobs] });
installShutdown(worker, log);
console.log('ready');
