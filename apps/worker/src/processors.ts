/**
 * Turns job definitions into BullMQ processors: one per queue, dispatching on the job name. Data is
 * validated first; a job nobody handles or with bad data fails at once instead of being retried.
 */
import { UnrecoverableError, type Job, type Processor } from 'bullmq';
import type { QueueName } from '@forum/contracts';
import { jobDuration, runJob, UnrecordedEventError, type JobDefinition, type Logger } from '@forum/core';

export function createProcessor(queue: QueueName, definitions: JobDefinition[], log: Logger): Processor {
  const byName = new Map(definitions.filter((d) => d.queue === queue).map((d) => [d.name, d]));
  return async (job: Job) => {
    const definition = byName.get(job.name);
    if (!definition) {
      throw new UnrecoverableError(`no handler for job "${job.name}" on queue "${queue}"`);
    }
    const parsed = definition.schema.safeParse(job.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UnrecoverableError(
        `invalid data for ${queue}/${job.name}: ${issue.path.join('.') || '(data)'}: ${issue.message}`,
      );
    }
    const jobLog = log.child({ queue, job: job.name, jobId: job.id });
    const end = jobDuration.startTimer({ queue, job: job.name });
    try {
      const ran = await runJob(definition, parsed.data, {
        queue,
        name: job.name,
        jobId: job.id ?? '',
        log: jobLog,
        firstStart: job.attemptsStarted <= 1,
      });
      end({ outcome: 'completed' });
      if (!ran) jobLog.debug('already ran for this event; skipped');
    } catch (error) {
      end({ outcome: 'failed' });
      if (error instanceof UnrecordedEventError) throw new UnrecoverableError(error.message);
      throw error;
    }
  };
}

/** A failure is worth an error log only when BullMQ will not retry it. */
export function isFinalAttempt(job: Job, error: Error): boolean {
  return error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
}
