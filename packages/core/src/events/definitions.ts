import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import { auditConfigChangeJob, auditUserCreatedJob } from '../audit/jobs';
import { sendVerificationMailJob } from '../email-verification/jobs';
import { sweepOutboxes } from './bus';
import { defineJob, pruneJobRuns, type JobDefinition } from './jobs';
import { readModelJobs } from '../read-model/jobs';
import { pointsJobs } from '../points/jobs';
import { feedJobs } from '../follow-feed/jobs';
import { sendMessageMailJob } from '../message-mail/jobs';
import { sendTestMailJob } from '../mail/jobs';
import { sendPasswordResetMailJob } from '../password-reset/jobs';
import { messageJobs } from '../messages/jobs';
import { searchJobs } from '../search/jobs';

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
  ...searchJobs,
];
