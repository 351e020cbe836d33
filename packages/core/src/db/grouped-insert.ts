/**
 * Inserts of one collection that arrive while an insert of it is under way wait for it and then go
 * to the database together, as one `insert` command (a group commit). With nothing under way an
 * insert goes at once, so a quiet site waits for nothing; under load, the comments or likes of a
 * few milliseconds share one statement. Measured on FerretDB (SQLite) here, an insert of 20
 * documents costs the server about a fifth and the driver about a tenth of 20 single inserts: a
 * statement's fixed cost (the wire, parsing, a transaction) is most of what a small document costs.
 *
 * Each caller learns its own outcome: the command is unordered, so a document refused by a unique
 * index fails its own insert with the database's duplicate-key error and the others are stored.
 */
import { MongoBulkWriteError, type Document } from 'mongodb';
import { isDuplicateKeyError } from './duplicate-key';

/** What is used of a collection (the driver's, or mongoose's, which waits for a connection). */
export interface InsertableCollection {
  insertMany(docs: Document[], options: { ordered: boolean }): Promise<unknown>;
  findOne(filter: Document, options: { projection: Document }): Promise<unknown>;
}

/** Documents at most in one command (a busy collection sends the rest in the next). */
const GROUP_LIMIT = 100;

interface Waiting {
  doc: Document;
  resolve(): void;
  reject(error: unknown): void;
}

interface Line {
  busy: boolean;
  waiting: Waiting[];
}

const lines = new WeakMap<InsertableCollection, Line>();

/** Inserts `doc` into `collection`, together with the inserts that queued meanwhile. */
export function insertGrouped(collection: InsertableCollection, doc: Document): Promise<void> {
  let line = lines.get(collection);
  if (!line) {
    line = { busy: false, waiting: [] };
    lines.set(collection, line);
  }
  const queued = new Promise<void>((resolve, reject) => line.waiting.push({ doc, resolve, reject }));
  if (!line.busy) void drain(line, collection);
  return queued;
}

/**
 * Stores `row` under `_id` `id`, grouped as `insertGrouped`, unless a document has that id already:
 * true when this call stored it, false when the id was taken (by this row stored before, or by
 * another: the caller reads it to tell). A row refused by another unique index fails with the
 * duplicate-key error. The worker's jobs store messages and score-log rows this way: an insert
 * costs FerretDB about a quarter of an upsert (`$setOnInsert`), and grouped upserts cannot be told
 * apart there (v1 stops an unordered `update` at its first error and numbers the rows it reports
 * by their place among the upserted ones).
 */
export async function insertUnlessTaken(
  collection: InsertableCollection,
  id: unknown,
  row: Document,
): Promise<boolean> {
  try {
    await insertGrouped(collection, { ...row, _id: id });
    return true;
  } catch (error) {
    // Which unique index refused it is not in FerretDB's error: the id is, when a row holds it.
    if (isDuplicateKeyError(error) && (await collection.findOne({ _id: id }, { projection: { _id: 1 } }))) {
      return false;
    }
    throw error;
  }
}

async function drain(line: Line, collection: InsertableCollection): Promise<void> {
  line.busy = true;
  try {
    while (line.waiting.length > 0) {
      const group = line.waiting.splice(0, GROUP_LIMIT);
      await insertGroup(collection, group);
    }
  } finally {
    line.busy = false;
  }
}

async function insertGroup(collection: InsertableCollection, group: Waiting[]): Promise<void> {
  try {
    await collection.insertMany(
      group.map((entry) => entry.doc),
      { ordered: false },
    );
    for (const entry of group) entry.resolve();
  } catch (error) {
    const refused = refusedDocuments(error);
    if (!refused) {
      // The command as a whole failed (the database unreachable): every insert of it did, with the
      // error a single insert would have met (the driver wraps it; callers tell "unavailable" by it).
      const cause = error instanceof MongoBulkWriteError ? error.errorResponse : undefined;
      for (const entry of group) entry.reject(cause instanceof Error ? cause : error);
      return;
    }
    group.forEach((entry, index) => {
      const own = refused.get(index);
      if (own) entry.reject(own);
      else entry.resolve();
    });
  }
}

/** The documents a database refused, by their place in the command, as errors of their own. */
function refusedDocuments(error: unknown): Map<number, Error> | undefined {
  if (!(error instanceof MongoBulkWriteError)) return undefined;
  const refused = new Map<number, Error>();
  // One error or a list of them, depending on how many there were.
  const writeErrors = ([] as { index: number; code: number; errmsg?: string }[]).concat(
    error.writeErrors as never,
  );
  for (const writeError of writeErrors) {
    refused.set(
      writeError.index,
      Object.assign(new Error(writeError.errmsg ?? 'insert refused'), {
        name: 'MongoServerError',
        code: writeError.code,
      }),
    );
  }
  // Refused documents were named: the others were stored. Without that list the outcome is unknown.
  return refused.size > 0 ? refused : undefined;
}
