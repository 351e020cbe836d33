/**
 * One update of a document at a time, per process, while the process holds several connections.
 *
 * FerretDB v1 applies an update as read, modify, write back, without locking: two connections
 * updating one document at once lose one of the two writes (`$inc` included). One connection per
 * process avoided that but ran every statement of the process in a single line, so a write waited
 * for every other request's statements. Instead, the process keeps a small pool and runs its
 * updates of one document (collection and `_id`) one after another; updates of different documents,
 * inserts, deletes and reads go side by side. An update whose filter names no single `_id` (rare:
 * maintenance and the console) runs alone in its collection. Across processes the rule of the
 * design holds as before: a document is updated by one process (see docs/architecture.md).
 */
import mongoose from 'mongoose';

/** The query operations that read a document and write it back. */
const UPDATES = new Set(['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace']);

interface CollectionLine {
  /** The last update of each document, which the next one of that document waits for. */
  documents: Map<string, Promise<void>>;
  /** The last collection-wide update, which every later update of the collection waits for. */
  wide: Promise<void>;
}

const lines = new Map<string, CollectionLine>();

function lineOf(collection: string): CollectionLine {
  let line = lines.get(collection);
  if (!line) {
    line = { documents: new Map(), wide: Promise.resolve() };
    lines.set(collection, line);
  }
  return line;
}

/** The document an update names by a plain `_id`, or undefined when it may touch several. */
function documentKey(filter: Record<string, unknown>): string | undefined {
  const id = filter._id;
  if (typeof id === 'number' || typeof id === 'string') return `${typeof id}:${id}`;
  if (id instanceof mongoose.Types.ObjectId) return `oid:${id.toHexString()}`;
  return undefined;
}

/** Runs `write` after the updates of the same document (or, with no key, of the collection) before it. */
export async function inDocumentLine<T>(
  collection: string,
  filter: Record<string, unknown>,
  write: () => Promise<T>,
): Promise<T> {
  const line = lineOf(collection);
  const key = documentKey(filter);
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  let before: Promise<unknown>;
  if (key === undefined) {
    before = Promise.all([line.wide, ...line.documents.values()]);
    line.wide = finished;
  } else {
    before = Promise.all([line.wide, line.documents.get(key)]);
    line.documents.set(key, finished);
  }
  try {
    await before;
    return await write();
  } finally {
    done();
    if (key !== undefined && line.documents.get(key) === finished) line.documents.delete(key);
  }
}

let installed = false;

/**
 * Routes every mongoose update through `inDocumentLine`. Installed once, before the pool of more
 * than one connection is opened (`connectDatabase` on FerretDB).
 */
export function lineUpUpdates(): void {
  if (installed) return;
  installed = true;
  const prototype = mongoose.Query.prototype as unknown as {
    exec: (this: LinedQuery, ...args: unknown[]) => Promise<unknown>;
  };
  const exec = prototype.exec;
  prototype.exec = function execInLine(this: LinedQuery, ...args: unknown[]) {
    if (!this.op || !UPDATES.has(this.op)) return exec.apply(this, args);
    const filter = this.getFilter();
    return inDocumentLine(this.model.collection.collectionName, filter, () => exec.apply(this, args));
  };
}

/** What `execInLine` reads of a query. */
interface LinedQuery {
  op?: string;
  getFilter(): Record<string, unknown>;
  model: { collection: { collectionName: string } };
}
