import { createRequire } from 'node:module';
import mongoose from 'mongoose';
import { databaseName } from './database-name';
import { lineUpUpdates } from './document-writes';
import { dbCommandSeconds, dbCommands } from '../metrics/series';

/**
 * Connects the process-wide mongoose connection and makes sure every model's indexes exist.
 * Only options FerretDB v1 understands are used (see docs/architecture.md "FerretDB").
 *
 * FerretDB v1 applies updates as read-modify-write without locking, so two connections updating
 * one document lose writes ($inc included). On FerretDB a process therefore runs its updates of one
 * document one after another (`document-writes.ts`) over a small pool (`DB_POOL_SIZE`), which makes
 * every update of that process atomic. MongoDB keeps its normal pool. The database is chosen by
 * `databaseName`.
 */
/** How long an operation waits for a database that cannot be reached. */
const DATABASE_WAIT_MS = 5_000;
/** How long one round trip may take before the server is taken as stalled. */
const STALLED_SOCKET_MS = 60_000;

export async function connectDatabase(url: string, dbName?: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  // A database that is down fails the operation within seconds, below the API's request timeout,
  // so a request answers "unavailable" (see `isDatabaseUnavailable`) instead of waiting it out.
  mongoose.set('bufferTimeoutMS', DATABASE_WAIT_MS);
  const options = {
    dbName: databaseName(url, dbName),
    autoIndex: false,
    autoCreate: true,
    serverSelectionTimeoutMS: DATABASE_WAIT_MS,
    // A stalled server (no answer, no error) frees the connection after this long instead of never:
    // with a small pool on FerretDB, every later operation would soon queue behind it.
    // It bounds each round trip, not a cursor's life, so a rebuild's long cursor is not cut.
    socketTimeoutMS: STALLED_SOCKET_MS,
  };
  await mongoose.connect(url, options);
  const ferret = await isFerretDb();
  if (ferret) {
    await mongoose.disconnect();
    // Updates of one document wait for each other in this process, so the pool may be wider than one.
    lineUpUpdates();
    await mongoose.connect(url, { ...options, maxPoolSize: ferretPoolSize() });
  }
  countCommands();
  await ensureIndexes({ uniqueOnly: ferret });
  return mongoose;
}

/**
 * `DB_POOL_SIZE`: connections a process keeps to FerretDB (default 8). MongoDB keeps the driver's
 * own pool. One runs every statement of the process in a single line.
 */
export function ferretPoolSize(): number {
  const size = Number(process.env.DB_POOL_SIZE ?? 8);
  return Number.isInteger(size) && size >= 1 ? size : 8;
}

/** `DB_SLOW_MS`: database commands that take at least this long are written to stderr (0: off). */
function slowCommandMs(): number {
  return Number(process.env.DB_SLOW_MS ?? 0) || 0;
}

/** Commands that are not the application's own work (the driver's handshakes and heartbeats). */
const UNCOUNTED = new Set([
  'hello',
  'ismaster',
  'isMaster',
  'ping',
  'buildInfo',
  'endSessions',
  'saslStart',
  'saslContinue',
]);

/** The driver's connection class as far as `countCommands` uses it. */
interface DriverConnection {
  command(ns: unknown, command: Record<string, unknown>, ...rest: unknown[]): Promise<unknown>;
}

let counting = false;

/**
 * Counts every command by name and collection with its duration, and names each slow one with its
 * collection and filter, to find what a path asks of the database that is not a lookup by `_id`
 * (on FerretDB every other filter reads the whole collection). It wraps the driver connection's
 * `command`, through which every operation passes, rather than using the driver's command
 * monitoring: that builds an event of every command and turns every reply into a plain object once
 * more for it, which cost about a tenth of a process's CPU per database command here.
 */
function countCommands(): void {
  if (counting) return;
  counting = true;
  const threshold = slowCommandMs();
  // The driver's connection class is not exported; mongoose's copy of the driver is the one used.
  const driver = createRequire(createRequire(import.meta.url).resolve('mongoose'));
  const { Connection } = driver('mongodb/lib/cmap/connection.js') as {
    Connection: { prototype: DriverConnection };
  };
  const prototype = Connection.prototype;
  const command = prototype.command;
  prototype.command = async function countedCommand(this: DriverConnection, ns, doc, ...rest) {
    const name = Object.keys(doc)[0] ?? '';
    if (UNCOUNTED.has(name)) return command.call(this, ns, doc, ...rest);
    const started = performance.now();
    try {
      return await command.call(this, ns, doc, ...rest);
    } finally {
      const duration = performance.now() - started;
      // A cursor's next batch names its collection apart; every other command under its own name.
      const labels = { command: name, collection: String(name === 'getMore' ? doc.collection : doc[name]) };
      dbCommands.inc(labels);
      dbCommandSeconds.inc(labels, duration / 1000);
      if (threshold > 0 && duration >= threshold) {
        const what = JSON.stringify(doc.filter ?? doc.q ?? doc.updates ?? doc.deletes ?? doc.pipeline ?? '');
        process.stderr.write(
          `slow database command (${Math.round(duration)} ms, pid ${process.pid}): ${name} ${labels.collection} ${what.slice(0, 300)}\n`,
        );
      }
    }
  };
}

const UNAVAILABLE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  'MongoTopologyClosedError',
]);

/** Whether an error says the database cannot be reached now (rather than that a query is wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return UNAVAILABLE_ERRORS.has(error.name) || /buffering timed out/.test(error.message);
}

export async function isFerretDb(): Promise<boolean> {
  const info = await mongoose.connection.db!.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string';
}

/**
 * Creates each model's collection and indexes. FerretDB v1 never uses an index to answer a query,
 * so there only the unique indexes are made (they enforce idempotency); the others would only slow
 * writes, and building them on large collections while other processes work stalled FerretDB.
 */
export async function ensureIndexes({ uniqueOnly = false }: { uniqueOnly?: boolean } = {}): Promise<void> {
  for (const model of Object.values(mongoose.connection.models)) {
    await model.createCollection().catch(() => undefined);
    if (!uniqueOnly) {
      await model.createIndexes();
      continue;
    }
    for (const [fields, options] of model.schema.indexes()) {
      if (options?.unique) await model.collection.createIndex(fields as never, options as never);
    }
  }
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

/** Whether the database answers a ping within `timeoutMs` (a stalled one counts as down). */
export async function pingDatabase(timeoutMs = 2_000): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = db
    .admin()
    .command({ ping: 1 })
    .then(
      () => true,
      () => false,
    );
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}
