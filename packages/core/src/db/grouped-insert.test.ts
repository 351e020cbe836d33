import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { dbCommands } from '../metrics/series';
import { useTestServices } from '../testing';
import { isDuplicateKeyError } from './duplicate-key';
import { insertGrouped, insertUnlessTaken } from './grouped-insert';

useTestServices();

const commandsOf = async (command: string, collection: string) =>
  (await dbCommands.get()).values.find(
    (value) => value.labels.command === command && value.labels.collection === collection,
  )?.value ?? 0;

describe('grouped inserts', () => {
  it('send the inserts that arrive while one is under way as one command, each stored', async () => {
    const collection = mongoose.connection.collection('grouped_a');
    const before = await commandsOf('insert', 'grouped_a');
    await Promise.all(Array.from({ length: 30 }, (_, i) => insertGrouped(collection, { _id: i, n: i })));
    const commands = (await commandsOf('insert', 'grouped_a')) - before;
    // The first goes at once, the 29 that queued behind it together.
    expect(commands).toBe(2);
    expect(await collection.countDocuments({})).toBe(30);
  });

  it('go at once when nothing is under way', async () => {
    const collection = mongoose.connection.collection('grouped_b');
    const before = await commandsOf('insert', 'grouped_b');
    await insertGrouped(collection, { _id: 1 });
    await insertGrouped(collection, { _id: 2 });
    expect((await commandsOf('insert', 'grouped_b')) - before).toBe(2);
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

describe('grouped inserts unless the id is taken', () => {
  it('go as one command when they queue, each telling whether it stored its row', async () => {
    const collection = mongoose.connection.collection('grouped_u');
    await insertGrouped(collection, { _id: 5, key: 'earlier' });
    const before = await commandsOf('insert', 'grouped_u');
    const stored = await Promise.all(
      Array.from({ length: 12 }, (_, i) => insertUnlessTaken(collection, i, { key: `k${i}`, n: i })),
    );
    // The first goes at once, the 11 that queued behind it together.
    expect((await commandsOf('insert', 'grouped_u')) - before).toBe(2);
    expect(stored).toEqual(Array.from({ length: 12 }, (_, i) => i !== 5));
    const rows = await collection.find({}).sort({ _id: 1 }).toArray();
    expect(rows).toHaveLength(12);
    // An id that was taken keeps its own document.
    expect(rows[5]).toEqual({ _id: 5, key: 'earlier' });
    expect(rows[7]).toEqual({ _id: 7, key: 'k7', n: 7 });
  });

  it("fail only the row a unique index refuses, with the database's duplicate-key error", async () => {
    const collection = mongoose.connection.collection('grouped_v');
    await collection.createIndex({ key: 1 }, { unique: true });
    await insertUnlessTaken(collection, 1, { key: 'taken' });
    const outcomes = await Promise.allSettled([
      insertUnlessTaken(collection, 2, { key: 'first' }),
      insertUnlessTaken(collection, 3, { key: 'a' }),
      insertUnlessTaken(collection, 4, { key: 'taken' }),
      insertUnlessTaken(collection, 1, { key: 'other' }),
      insertUnlessTaken(collection, 5, { key: 'b' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(isDuplicateKeyError((outcomes[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'refused'))).toEqual([
      true,
      true,
      'refused',
      false,
      true,
    ]);
    expect((await collection.find({}).sort({ _id: 1 }).toArray()).map((row) => row.key)).toEqual([
      'taken',
      'first',
      'a',
      'b',
    ]);
  });
});
