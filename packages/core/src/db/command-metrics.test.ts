import { describe, expect, it } from 'vitest';
import { dbCommandSeconds, dbCommands } from '../metrics/series';
import { useTestServices } from '../testing';
import { Topic } from '../topics/model';
import { JobRun } from '../events/jobs';

useTestServices();

async function counted(command: string, collection: string): Promise<{ count: number; seconds: number }> {
  const find = async (metric: typeof dbCommands | typeof dbCommandSeconds) =>
    (await metric.get()).values.find(
      (value) => value.labels.command === command && value.labels.collection === collection,
    )?.value ?? 0;
  return { count: await find(dbCommands), seconds: await find(dbCommandSeconds) };
}

describe('database command metrics', () => {
  it('count each command by name and collection with its time, mongoose and driver calls alike', async () => {
    const findsBefore = await counted('find', 'topics');
    const insertsBefore = await counted('insert', 'job_runs');

    await Topic.findById(987_654_321).lean();
    await Topic.findById(987_654_322).lean();
    await JobRun.collection.insertOne({
      _id: `metrics/${Date.now()}`,
      queue: 'metrics',
      name: 'x',
      finishTime: 0,
    } as never);

    const findsAfter = await counted('find', 'topics');
    const insertsAfter = await counted('insert', 'job_runs');
    expect(findsAfter.count - findsBefore.count).toBe(2);
    expect(findsAfter.seconds).toBeGreaterThan(findsBefore.seconds);
    expect(insertsAfter.count - insertsBefore.count).toBe(1);
    // The driver's handshakes and heartbeats are not the application's work.
    expect(await counted('hello', 'undefined')).toEqual({ count: 0, seconds: 0 });
  });
});
