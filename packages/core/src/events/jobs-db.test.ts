import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dbCommands } from '../metrics/series';
import { useTestServices } from '../testing';
import { createLogger } from '../logger';
import {
  defineJob,
  JobRun,
  jobRunRetentionMs,
  pruneJobRuns,
  runJob,
  runRowWait,
  type JobContext,
} from './jobs';

useTestServices();

describe('job run records', () => {
  it('are pruned once past retention, and recent ones are kept', async () => {
    const now = Date.now();
    await JobRun.create([
      {
        _id: 'maintenance/old1',
        queue: 'maintenance',
        name: 'audit-config-change',
        finishTime: now - jobRunRetentionMs - 1,
      },
      { _id: 'maintenance/new1', queue: 'maintenance', name: 'audit-config-change', finishTime: now - 1000 },
    ]);
    expect(await pruneJobRuns(now)).toBe(1);
    expect((await JobRun.find({}).lean()).map((run) => run._id)).toEqual(['maintenance/new1']);
  });
});

describe('completed runs', () => {
  const inserts = async () =>
    (await dbCommands.get()).values.find(
      (value) => value.labels.command === 'insert' && value.labels.collection === 'job_runs',
    )?.value ?? 0;
  const context: JobContext = {
    queue: 'maintenance',
    name: 'test-run-rows',
    jobId: 'x',
    log: createLogger('test', 'silent'),
    firstStart: true,
  };
  /** A job whose handler finishes when `finish` is called, recorded under `key`. */
  function gatedJob() {
    const gates = new Map<string, () => void>();
    const job = defineJob<{ key: string }>({
      queue: 'maintenance',
      name: 'test-run-rows',
      schema: z.object({ key: z.string() }),
      onceKey: ({ key }) => key,
      handler: ({ key }) => new Promise<void>((resolve) => gates.set(key, resolve)),
    });
    const started = async (key: string) => {
      while (!gates.has(key)) await new Promise((resolve) => setImmediate(resolve));
    };
    return { job, started, finish: (key: string) => gates.get(key)!() };
  }

  it('share one insert when they finish together, and a second run of one is told apart', async () => {
    const { job, started, finish } = gatedJob();
    const keys = ['a', 'b', 'c', 'd'].map((letter) => `${letter}-${Date.now()}`);
    const before = await inserts();
    const runs = keys.map((key) => runJob(job, { key }, context));
    for (const key of keys) await started(key);
    // Three finish while the fourth is still under way: their rows wait for it (however long this
    // machine takes: the longest wait is lengthened for the test).
    runRowWait.maxMs = 60_000;
    try {
      for (const key of keys.slice(0, 3)) finish(key);
      await new Promise((resolve) => setTimeout(resolve, 50));
      finish(keys[3]!);
      expect(await Promise.all(runs)).toEqual([true, true, true, true]);
    } finally {
      runRowWait.maxMs = 10;
    }
    expect(await inserts()).toBe(before + 1);
    expect(await JobRun.countDocuments({ _id: { $in: keys.map((key) => `maintenance/${key}`) } })).toBe(4);

    // Run again as a retry (not a first start): the row says it ran, the handler is not called.
    const again = await runJob(job, { key: keys[0]! }, { ...context, firstStart: false });
    expect(again).toBe(false);
  });

  it('goes alone, in an insert of its own, when no other run is under way', async () => {
    const { job, started, finish } = gatedJob();
    const before = await inserts();
    for (const key of [`e-${Date.now()}`, `f-${Date.now()}`]) {
      const run = runJob(job, { key }, context);
      await started(key);
      finish(key);
      expect(await run).toBe(true);
    }
    expect(await inserts()).toBe(before + 2);
  });
});
