/**
 * Signed event jobs. An event job runs on the event as a write recorded it, never on a copy someone
 * put in Redis: without more, the worker reads the event back from MongoDB (the inserted document's
 * outbox or the `pending_events` row) before running it, one read for every event. The writer signs
 * the job data it enqueues instead, with a key kept in MongoDB (so access to Redis alone cannot
 * forge a job); a job whose signature checks out runs on its own data with no read. One without a
 * signature, or whose signature does not check out (a job added by hand, a payload changed in
 * Redis, a key replaced since), is read back as before, so a bad signature never runs anything the
 * database did not record.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import type { EventJobData } from '@forum/contracts';
import { isDuplicateKeyError } from '../db/duplicate-key';

const SigningKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    createTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'event_signing_keys' },
);
export const EventSigningKey = mongoose.model('EventSigningKey', SigningKeySchema);

const KEY_ID = 'jobs';

let known: Promise<Buffer | null> | undefined;

async function loadKey(): Promise<Buffer> {
  const found = await EventSigningKey.findById(KEY_ID).lean<{ key: string }>();
  if (found) return Buffer.from(found.key, 'base64');
  const key = randomBytes(32);
  try {
    await EventSigningKey.create({ _id: KEY_ID, key: key.toString('base64'), createTime: Date.now() });
    return key;
  } catch (error) {
    // Another process made the key first: its key is the one everybody uses.
    if (!isDuplicateKeyError(error)) throw error;
    const made = await EventSigningKey.findById(KEY_ID).lean<{ key: string }>();
    if (!made) throw error;
    return Buffer.from(made.key, 'base64');
  }
}

/**
 * The process's signing key: read (or made) once, by `_id`. Null while it cannot be read: jobs
 * then go unsigned and are read back, and the next call tries again.
 */
export function eventSigningKey(): Promise<Buffer | null> {
  known ??= loadKey().catch(() => {
    known = undefined;
    return null;
  });
  return known;
}

/** Forgets the key (a test that replaced it, a process that connected to another database). */
export function forgetEventSigningKey(): void {
  known = undefined;
}

/** JSON with object keys sorted, so the writer's and the worker's copies of a payload sign alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function mac(key: Buffer, data: Omit<EventJobData, 'signature'>): Buffer {
  const source = data.source ? `${data.source.model}:${String(data.source.documentId)}` : '';
  return createHmac('sha256', key)
    .update(`${data.id}\n${data.type}\n${data.createdAt}\n${source}\n${canonical(data.payload)}`)
    .digest();
}

export function signEventJob(key: Buffer, data: Omit<EventJobData, 'signature'>): string {
  return mac(key, data).toString('base64url');
}

/** True when `data` carries the signature `key` makes of it. */
export function hasValidSignature(key: Buffer | null, data: EventJobData): boolean {
  if (!key || !data.signature) return false;
  const given = Buffer.from(data.signature, 'base64url');
  const expected = mac(key, data);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
