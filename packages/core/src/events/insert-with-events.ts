/**
 * Creating a document whose creation has side effects, in one step: the document and its events
 * are one single-document write (the events in its `outbox`), the read model learns of it, and then
 * the events go to the queues. A use case states what it creates and what that causes; the order
 * and the failure cases live here.
 */
import type { AnyKeys, HydratedDocument, Model, QueryFilter } from 'mongoose';
import type { DomainEvent } from '@forum/contracts';
import { dispatchInserted } from './dispatch';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { IdTakenError } from '../db/counters';
import { insertGrouped } from '../db/grouped-insert';
import { registerNewDocumentEvents, type OutboxEntry } from './outbox';

export interface InsertOptions<TDoc> {
  /** Puts the stored document (without its outbox) in the read model before its events go out. */
  project?: (doc: TDoc) => Promise<unknown>;
  /**
   * The row's unique business key (a user and an entity, a pair, a name). When a unique index
   * refuses the document and a row with this key exists, the write was done already (a concurrent
   * call won): `answer` throws the error callers should see, or returns false to insert nothing.
   * Decided by finding that row, never by the error alone.
   */
  existing?: { filter: QueryFilter<TDoc>; answer: () => false };
  /**
   * A unique index other than `_id` refused the document and no `existing` row explains it: throw
   * the error callers should see (a name taken). Without it the database's error is thrown as it is.
   */
  onDuplicate?: (error: unknown) => never;
}

/** The document as `save` would send it: no getters, virtuals or transforms. */
const STORED_FORM = { transform: false, virtuals: false, getters: false, depopulate: true, versionKey: true };

/** How often an insert refused by a business key whose row then vanished is tried again. */
const DUPLICATE_ATTEMPTS = 3;

/**
 * Inserts `doc` with `events` recorded in its outbox, projects it, and dispatches the events
 * (a dispatch that fails leaves them to the sweeper). Returns the stored document without its
 * outbox, or null when `existing` found the row written already. A document whose `_id` another row
 * holds throws `IdTakenError` (see `insertWithFreshId`); a duplicate of another key with no
 * explanation throws the database's error, which the transports answer as a server error.
 */
export async function insertWithEvents<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>(
  model: Model<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>,
  doc: AnyKeys<TDoc>,
  events: DomainEvent[],
  { project, existing, onDuplicate }: InsertOptions<TDoc> = {},
): Promise<TDoc | null> {
  let stored: (TDoc & { _id: unknown; outbox?: unknown }) | undefined;
  for (let attempt = 1; !stored; attempt++) {
    try {
      // What `create` does (defaults, casting, validation, the outbox hook's registration), but the
      // insert goes with those of other requests under way (`insertGrouped`).
      const created = new model({ ...doc, outbox: events }) as unknown as HydratedDocument<unknown>;
      await created.validate();
      const row = created.toObject(STORED_FORM) as TDoc & { _id: unknown; outbox?: OutboxEntry[] };
      await registerNewDocumentEvents(model.modelName, row._id, row.outbox ?? []);
      await insertGrouped(model.collection, row);
      stored = row;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      if (existing && (await model.exists(existing.filter))) return existing.answer() || null;
      const id = (doc as { _id?: unknown })._id;
      if (id !== undefined && (await model.exists({ _id: id } as QueryFilter<TDoc>))) {
        throw new IdTakenError(model.collection.collectionName, id, error);
      }
      // The business key's row that refused this one is gone already (a follow undone by a
      // concurrent unfollow): nothing holds the key now, so the insert is tried again.
      if (existing && attempt < DUPLICATE_ATTEMPTS) continue;
      onDuplicate?.(error);
      throw error;
    }
  }
  delete stored.outbox;
  await project?.(stored);
  await dispatchInserted(model, stored._id as string | number, events, { projected: !!project });
  return stored;
}
