/**
 * The job registry: every job this worker runs, gathered here at the composition root. The shared
 * packages define jobs beside their features and route events by the table in the contracts
 * (`EventRoutes`); only the worker needs them all at once, so the lower layers (record, enqueue,
 * sweep) load without any job handler.
 */
import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import {
  auditConfigChangeJob,
  auditUserCreatedJob,
  defineJob,
  feedJobs,
  mentionJobs,
  messageJobs,
  muteJobs,
  reportJobs,
  pointsJobs,
  pruneJobRuns,
  readModelJobs,
  searchJobs,
  sendMessageMailJob,
  sendPasswordResetMailJob,
  sendTestMailJob,
  sendVerificationMailJob,
  sweepOutboxes,
  type JobDefinition,
} from '@forum/core';

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

export const pruneJobRunsJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'prune-job-runs',
  schema: z.object({}),
  schedule: { pattern: '17 4 * * *' },
  // Idempotent: deleting what is already deleted changes nothing.
  async handler(_data, { log }) {
    const deleted = await pruneJobRuns();
    if (deleted > 0) log.info({ deleted }, 'pruned old job runs');
  },
});

/** Every job the worker runs in production; a queue's jobs are those whose `queue` matches. */
export const jobDefinitions: JobDefinition[] = [
  sweepOutboxJob,
  pruneJobRunsJob,
  auditConfigChangeJob,
  auditUserCreatedJob,
  sendVerificationMailJob,
  ...readModelJobs,
  ...pointsJobs,
  ...feedJobs,
  sendMessageMailJob,
  sendTestMailJob,
  sendPasswordResetMailJob,
  ...messageJobs,
  ...mentionJobs,
  ...muteJobs,
  ...reportJobs,
  ...searchJobs,
];
