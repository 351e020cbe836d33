/**
 * Fixture: the real worker entry wiring (env config + signal handling) with one extra, test-only
 * job `maintenance/slow-test` that sleeps, then says it finished.
 */
import { QueueName } from '@forum/contracts';
import { createLogger, defineJob, jobDefinitions } from '@forum/core';
import { z } from 'zod';
import { loadWorkerConfig } from '../src/config';
import { installShutdown } from '../src/shutdown';
import { startWorker } from '../src/worker';

const slowJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'slow-test',
  schema: z.object({ ms: z.number().int().positive() }),
  // Idempotent: it only waits and prints.
  async handler({ ms }, { jobId }) {
    console.log(`started ${jobId}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    console.log(`finished ${jobId}`);
  },
});

const config = loadWorkerConfig();
const log = createLogger('worker', config.logLevel);
const worker = await startWorker(config, { logger: log, definitions: [...jobDefinitions, slowJob] });
installShutdown(worker, log);
console.log('ready');
