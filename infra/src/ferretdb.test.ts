/**
 * The FerretDB the tests and local sites run is built with our patch: a lookup by `_id` (numeric
 * ids included, as every id of ours is) is answered from the `_id` index, so its cost does not grow
 * with the collection; and the answers are those MongoDB gives.
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

describe('FerretDB with our patch', () => {
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
});
