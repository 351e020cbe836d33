/**
 * Creating a document whose creation has side effects, in one step: the document and its events
 * are one single-document write (the events in its `outbox`), the read model learns of it, and then
 * the events go to the queues. A use case states what it creates and what that causes; the order
 * and the failure cases live here.
 */
import type { AnyKeys, Model } from 'mongoose';
import type { DomainEvent } from '@forum/contracts';
import { dispatchRecorded } from './bus';
import { isDuplicateKeyError } from '../db/duplicate-key';

export interface InsertOptions<TDoc> {
  /** Puts the stored document (without its outbox) in the read model before its events go out. */
  project?: (doc: TDoc) => Promise<unknown>;
  /**
   * A unique index refused the document (a concurrent write won, or the row exists): throw the
   * error callers should see, or return false to insert nothing. Without it the database's error
   * is thrown as it is.
   */
  onDuplicate?: (error: unknown) => false;
}

/**
 * Inserts `doc` with `events` recorded in its outbox, projects it, and dispatches the events
 * (a dispatch that fails leaves them to the sweeper). Returns the stored document without its
 * outbox, or null when `onDuplicate` chose to insert nothing.
 */
export async function insertWithEvents<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>(
  model: Model<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>,
  doc: AnyKeys<TDoc>,
  events: DomainEvent[],
  { project, onDuplicate }: InsertOptions<TDoc> = {},
): Promise<TDoc | null> {
  let stored: TDoc & { _id: unknown; outbox?: unknown };
  try {
    const created = await model.create({ ...doc, outbox: events });
    stored = (created as { toObject(): unknown }).toObject() as TDoc & { _id: unknown; outbox?: unknown };
  } catch (error) {
    if (onDuplicate && isDuplicateKeyError(error)) return onDuplicate(error) || null;
    throw error;
  }
  delete stored.outbox;
  await project?.(stored);
  await dispatchRecorded(model, stored._id, events);
  return stored;
}
