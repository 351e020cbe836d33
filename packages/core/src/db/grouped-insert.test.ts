import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { dbCommands } from '../metrics/series';
import { useTestServices } from '../testing';
import { isDuplicateKeyError } from './duplicate-key';
import { insertGrouped } from './grouped-insert';

useTestServices();

const inserts = async (collection: string) =>
  (await dbCommands.get()).values.find(
    (value) => value.labels.command === 'insert' && value.labels.collection === collection,
  )?.value ?? 0;

describe('grouped inserts', () => {
  it('send the inserts that arrive while one is under way as one command, each stored', async () => {
    const collection = mongoose.connection.collection('grouped_a');
    const before = await inserts('grouped_a');
    await Promise.all(Array.from({ length: 30 }, (_, i) => insertGrouped(collection, { _id: i, n: i })));
    const commands = (await inserts('grouped_a')) - before;
    // The first goes at once, the 29 that queued behind it together.
    expect(commands).toBe(2);
    expect(await collection.countDocuments({})).toBe(30);
  });

  it('go at once when nothing is under way', async () => {
    const collection = mongoose.connection.collection('grouped_b');
    const before = await inserts('grouped_b');
    await insertGrouped(collection, { _id: 1 });
    await insertGrouped(collection, { _id: 2 });
    expect((await inserts('grouped_b')) - before).toBe(2);
  });

  it("fail only the document a unique index refuses, with the database's duplicate-key error", async () => {
    const collection = mongoose.connection.collection('grouped_c');
    await insertGrouped(collection, { _id: 'taken' });
    const outcomes = await Promise.allSettled([
      insertGrouped(collection, { _id: 'first' }),
      insertGrouped(collection, { _id: 'a' }),
      insertGrouped(collection, { _id: 'taken' }),
      insertGrouped(collection, { _id: 'b' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(isDuplicateKeyError((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect((await collection.find({}).toArray()).map((row) => row._id).sort()).toEqual([
      'a',
      'b',
      'first',
      'taken',
    ]);
  });
});
