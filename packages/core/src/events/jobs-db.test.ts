import { describe, expect, it } from 'vitest';
import { useTestServices } from '../testing';
import { JobRun, jobRunRetentionMs, pruneJobRuns } from './jobs';

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
