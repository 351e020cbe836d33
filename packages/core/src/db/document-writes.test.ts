/**
 * A process on FerretDB keeps a pool of connections, and FerretDB applies an update as read, modify,
 * write back: the process's updates of one document must still all count. Concurrent `$inc`s of
 * one document, of several documents, and a collection-wide update among them, against the real
 * server with the pool the process uses.
 */
import { describe, expect, it } from 'vitest';
import mongoose, { Schema } from 'mongoose';
import { useTestServices } from '../testing';
import { ferretPoolSize, isFerretDb } from './connection';
import { inDocumentLine } from './document-writes';

useTestServices();

const Tally = mongoose.model(
  'DocumentWritesTally',
  new Schema({ _id: Number, hits: Number, sweeps: Number }, { versionKey: false }),
  'document_writes_tallies',
);

describe('updates of one document in one process', () => {
  it('all count when sent at once over the pool', async () => {
    if (await isFerretDb()) expect(ferretPoolSize()).toBeGreaterThan(1);
    await Tally.insertMany([1, 2, 3].map((id) => ({ _id: id, hits: 0, sweeps: 0 })));
    const updates = Array.from({ length: 60 }, (_, i) =>
      Tally.updateOne({ _id: 1 + (i % 3) }, { $inc: { hits: 1 } }),
    );
    // Collection-wide updates (no single _id) in the middle of them.
    updates.splice(20, 0, Tally.updateMany({}, { $inc: { sweeps: 1 } }));
    updates.splice(40, 0, Tally.updateMany({ _id: { $in: [1, 2] } }, { $inc: { sweeps: 1 } }));
    await Promise.all(updates);
    const rows = await Tally.find({}).sort({ _id: 1 }).lean();
    expect(rows).toEqual([
      { _id: 1, hits: 20, sweeps: 2 },
      { _id: 2, hits: 20, sweeps: 2 },
      { _id: 3, hits: 20, sweeps: 1 },
    ]);
  });

  it('wait for each other, in the order they were sent, and a failed one frees the line', async () => {
    const order: string[] = [];
    const slow = inDocumentLine('lines', { _id: 7 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('first');
      throw new Error('refused');
    });
    const second = inDocumentLine('lines', { _id: 7 }, () => Promise.resolve(order.push('second')));
    const other = inDocumentLine('lines', { _id: 8 }, () => Promise.resolve(order.push('other document')));
    const wide = inDocumentLine('lines', { status: 0 }, () => Promise.resolve(order.push('collection-wide')));
    const after = inDocumentLine('lines', { _id: 8 }, () =>
      Promise.resolve(order.push('after the wide one')),
    );
    await expect(slow).rejects.toThrow('refused');
    await Promise.all([second, other, wide, after]);
    expect(order).toEqual(['other document', 'first', 'second', 'collection-wide', 'after the wide one']);
  });
});
