import mongoose from 'mongoose';
import { databaseName } from './database-name';

/**
 * Connects the process-wide mongoose connection and makes sure every model's indexes exist.
 * Only options FerretDB v1 understands are used (see spec/stack-notes.md §2).
 *
 * FerretDB v1 applies updates as read-modify-write without locking, so two connections updating
 * one document lose writes ($inc included); it handles one connection's commands in order. On
 * FerretDB we therefore use a single connection per process, which makes every update of that
 * process atomic. MongoDB keeps its normal pool. The database is chosen by `databaseName`.
 */
export async function connectDatabase(url: string, dbName?: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  const options = {
    dbName: databaseName(url, dbName),
    autoIndex: false,
    autoCreate: true,
    serverSelectionTimeoutMS: 10_000,
  };
  await mongoose.connect(url, options);
  const ferret = await isFerretDb();
  if (ferret) {
    await mongoose.disconnect();
    await mongoose.connect(url, { ...options, maxPoolSize: 1 });
  }
  await ensureIndexes({ uniqueOnly: ferret });
  return mongoose;
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

export async function pingDatabase(): Promise<boolean> {
  try {
    const db = mongoose.connection.db;
    if (!db || mongoose.connection.readyState !== 1) return false;
    await db.admin().command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}
