import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import { auditConfigChangeJob, auditUserCreatedJob } from '../audit/jobs';
import { sweepOutboxes } from './bus';
import { defineJob, type JobDefinition } from './jobs';

export const sweepOutboxJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'sweep-outbox',
  schema: z.object({}),
  schedule: { every: 5000 },
  // Idempotent: it re-enqueues with the event id as job id, and event jobs run once per event.
  async handler(_data, { log }) {
    const dispatched = await sweepOutboxes();
    if (dispatched > 0) log.info({ dispatched }, 're-dispatched recorded events');
  },
});

/** Every job the worker runs in production; a queue's jobs are those whose `queue` matches. */
export const jobDefinitions: JobDefinition[] = [
  sweepOutboxJob,
  auditConfigChangeJob,
  auditUserCreatedJob,
];
