import mongoose from 'mongoose';

/**
 * Connects the process-wide mongoose connection and makes sure every model's indexes exist.
 * Only options FerretDB v1 understands are used (see spec/stack-notes.md §2).
 */
export async function connectDatabase(url: string, dbName?: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  await mongoose.connect(url, {
    ...(dbName ? { dbName } : {}),
    autoIndex: false,
    autoCreate: true,
    serverSelectionTimeoutMS: 10_000,
  });
  await ensureIndexes();
  return mongoose;
}

export async function ensureIndexes(): Promise<void> {
  for (const model of Object.values(mongoose.connection.models)) {
    await model.createCollection().catch(() => undefined);
    await model.createIndexes();
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
