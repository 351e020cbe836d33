/**
 * The FerretDB the tests and local sites run is built with our patches: a lookup by `_id` (numeric
 * ids included, as every id of ours is) is answered from the `_id` index, so its cost does not grow
 * with the collection; an `update` command of many statements does not run out of connections; and
 * the answers are those MongoDB gives.
 */
import { Long, MongoClient, type Collection, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServiceUrls, uniqueName } from '@forum/core/testing';

interface Thing {
  _id: number | string;
  n: number;
}

let client: MongoClient;
let db: Db;
let things: Collection<Thing>;
let ferret = false;

beforeAll(async () => {
  client = new MongoClient(testServiceUrls().mongoUrl);
  db = client.db(uniqueName('ferretdb'));
  ferret = 'ferretdbVersion' in (await db.admin().command({ buildInfo: 1 }));
  if (!ferret) console.log('skipped: the server under test is not FerretDB');
  things = db.collection<Thing>('things');
  await things.insertMany(Array.from({ length: 500 }, (_, i) => ({ _id: i + 1, n: i + 1 })));
  await things.insertOne({ _id: 'text-id', n: 0 });
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
});

async function plan(filter: object): Promise<{ pushdown: boolean; plan: string }> {
  const answer = await db.command({ explain: { find: 'things', filter }, verbosity: 'queryPlanner' });
  return { pushdown: answer.filterPushdown as boolean, plan: JSON.stringify(answer.queryPlanner) };
}

describe('FerretDB with our patches', () => {
  it('reads a document by a numeric or a text _id through the _id index, other conditions included', async (context) => {
    if (!ferret) context.skip();
    for (const filter of [{ _id: 480 }, { _id: 'text-id' }, { _id: 480, n: { $lte: 1000 } }]) {
      const { pushdown, plan: text } = await plan(filter);
      expect(pushdown, JSON.stringify(filter)).toBe(true);
      expect(text, JSON.stringify(filter)).toMatch(/USING INDEX/);
    }
    // What has no single stored form is still found by reading the table.
    expect((await plan({ _id: 2.5 })).pushdown).toBe(false);
    expect((await plan({ n: 480 })).pushdown).toBe(false);
  });

  it('answers as MongoDB does: every numeric type of an equal id, the whole filter, updates, upserts and deletes', async () => {
    expect(await things.findOne({ _id: 480 })).toEqual({ _id: 480, n: 480 });
    expect(await things.findOne({ _id: Long.fromNumber(480) as unknown as number })).toEqual({
      _id: 480,
      n: 480,
    });
    expect(await things.findOne({ _id: 'text-id' })).toEqual({ _id: 'text-id', n: 0 });
    expect(await things.findOne({ _id: '480' })).toBeNull();
    expect(await things.findOne({ _id: 480, n: { $lte: 10 } })).toBeNull();
    expect(await things.findOne({ _id: 100_000 })).toBeNull();

    await things.updateOne({ _id: 480, n: { $gte: 480 } }, { $inc: { n: 1 } });
    await things.updateOne({ _id: 480, n: { $lt: 0 } }, { $inc: { n: 100 } });
    expect((await things.findOne({ _id: 480 }))!.n).toBe(481);

    await things.updateOne({ _id: 9001 }, { $inc: { n: 1 } }, { upsert: true });
    await things.updateOne({ _id: 9001 }, { $inc: { n: 1 } }, { upsert: true });
    expect(await things.findOne({ _id: 9001 })).toEqual({ _id: 9001, n: 2 });
    expect(await things.countDocuments({ _id: 9001 })).toBe(1);

    expect((await things.deleteOne({ _id: 9001 })).deletedCount).toBe(1);
    expect((await things.deleteOne({ _id: 9001 })).deletedCount).toBe(0);
    await expect(things.insertOne({ _id: 480, n: 0 })).rejects.toThrow(/duplicate key/i);
    expect(await things.countDocuments({})).toBe(501);
  });

  it('runs one update command of more matching upserts than its SQLite pool has connections', async () => {
    // Stock v1.24.2 keeps each statement's query open until the command returns, so the 101st
    // statement waited forever for a connection (the worker's counter flush did, and everything
    // else waited behind it). A client of its own that gives up after 30 s turns such a wait into
    // a failure rather than a hung suite.
    const impatient = new MongoClient(testServiceUrls().mongoUrl, { socketTimeoutMS: 30_000 });
    try {
      const mine = impatient.db(db.databaseName).collection<Thing>('things');
      const ids = Array.from({ length: 250 }, (_, i) => i + 1);
      const result = await mine.bulkWrite(
        ids.map((id) => ({
          updateOne: { filter: { _id: id }, update: { $inc: { n: 1000 } }, upsert: true },
        })),
        { ordered: false },
      );
      expect(result.matchedCount).toBe(250);
      expect(result.modifiedCount).toBe(250);
      expect(result.upsertedCount).toBe(0);
      expect((await things.findOne({ _id: 250 }))!.n).toBe(1250);
    } finally {
      await impatient.close();
    }
  });
});
