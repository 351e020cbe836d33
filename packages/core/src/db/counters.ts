import mongoose, { Schema } from 'mongoose';

/** Integer ids: one document per sequence, bumped atomically with $inc. */
const CounterSchema = new Schema(
  { _id: String, seq: { type: Number, required: true } },
  { versionKey: false },
);
export const Counter = mongoose.model('Counter', CounterSchema, 'counters');

export async function nextId(sequence: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const counter = await Counter.findOneAndUpdate(
        { _id: sequence },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      ).lean<{ seq: number }>();
      if (!counter) throw new Error(`counter ${sequence} was not returned`);
      return counter.seq;
    } catch (error) {
      // Two first-ever allocations race to insert the counter; the loser retries as an update.
      if ((error as { code?: number }).code !== 11000 || attempt >= 5) throw error;
    }
  }
}
