/**
 * A backup is one gzip file of JSON lines: a header, then every document of every collection
 * (Extended JSON, so numbers, dates, binary and ObjectIds come back as they were), then every file
 * under the upload folder (base64). `npm run backup` writes one, `npm run restore` loads one into an
 * empty database; the read model and search index are derived, so restore rebuilds them.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { EJSON, type Document } from 'bson';
import type { Db } from 'mongodb';

export const BACKUP_FORMAT = 'speech-forum-backup';
const BACKUP_VERSION = 1;
const INSERT_BATCH = 500;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  collections: { name: string; count: number }[];
  files: number;
}

/** Where a long step is: `step` names a collection or "uploads"; `total` may be an estimate. */
export interface BackupProgress {
  step: string;
  done: number;
  total: number;
}

type OnProgress = (progress: BackupProgress) => void;

async function collectionNames(db: Db): Promise<string[]> {
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  return collections
    .map((collection) => collection.name)
    .filter((name) => !name.startsWith('system.'))
    .sort();
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Writes every collection of `db` and every file under `uploadDir` to `file`; answers the header. */
export async function writeBackup(
  db: Db,
  uploadDir: string,
  file: string,
  onProgress: OnProgress = () => undefined,
): Promise<BackupHeader> {
  const names = await collectionNames(db);
  const collections: BackupHeader['collections'] = [];
  for (const name of names) collections.push({ name, count: await db.collection(name).countDocuments() });
  const files = await filesUnder(uploadDir);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    collections,
    files: files.length,
  };
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const { name, count } of collections) {
      let done = 0;
      onProgress({ step: name, done, total: count });
      for await (const doc of db.collection(name).find({})) {
        yield `${JSON.stringify({ c: name, d: EJSON.serialize(doc, { relaxed: false }) })}\n`;
        onProgress({ step: name, done: ++done, total: Math.max(count, done) });
      }
    }
    let done = 0;
    onProgress({ step: 'uploads', done, total: files.length });
    for (const relative of files) {
      const bytes = await readFile(path.join(uploadDir, relative));
      yield `${JSON.stringify({ f: relative.split(path.sep).join('/'), b: bytes.toString('base64') })}\n`;
      onProgress({ step: 'uploads', done: ++done, total: files.length });
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
  return header;
}

/** Reads the header alone, to size the progress bars before restoring. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of backupLines(file)) return parseHeader(line);
  throw new Error(`${file}: empty backup`);
}

function parseHeader(line: string): BackupHeader {
  const header = JSON.parse(line) as BackupHeader;
  if (header.format !== BACKUP_FORMAT || header.version > BACKUP_VERSION) {
    throw new Error('not a backup of this forum (or of a newer release)');
  }
  return header;
}

function backupLines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
}

/** The collections of `db` that hold documents; a restore needs none. */
export async function nonEmptyCollections(db: Db): Promise<string[]> {
  const names = await collectionNames(db);
  const filled = [];
  for (const name of names) if ((await db.collection(name).estimatedDocumentCount()) > 0) filled.push(name);
  return filled;
}

/**
 * Loads a backup into `db`, which must hold no documents (indexes may exist), and its files into
 * `uploadDir`. A file whose path would leave `uploadDir` is refused.
 */
export async function restoreBackup(
  db: Db,
  uploadDir: string,
  file: string,
  onProgress: OnProgress = () => undefined,
): Promise<BackupHeader> {
  const filled = await nonEmptyCollections(db);
  if (filled.length)
    throw new Error(`the database is not empty (${filled.join(', ')}); restore needs an empty one`);
  let header: BackupHeader | undefined;
  const totals = new Map<string, number>();
  const done = new Map<string, number>();
  let batch: Document[] = [];
  let batchOf = '';
  const flush = async () => {
    if (!batch.length) return;
    await db.collection(batchOf).insertMany(batch, { ordered: true });
    done.set(batchOf, (done.get(batchOf) ?? 0) + batch.length);
    onProgress({ step: batchOf, done: done.get(batchOf)!, total: totals.get(batchOf) ?? 0 });
    batch = [];
  };
  const root = path.resolve(uploadDir);
  let filesDone = 0;
  for await (const line of backupLines(file)) {
    if (!line) continue;
    if (!header) {
      header = parseHeader(line);
      for (const { name, count } of header.collections) totals.set(name, count);
      continue;
    }
    const record = JSON.parse(line) as { c?: string; d?: Document; f?: string; b?: string };
    if (record.c && record.d) {
      if (record.c !== batchOf) await flush();
      batchOf = record.c;
      batch.push(EJSON.deserialize(record.d, { relaxed: false }));
      if (batch.length >= INSERT_BATCH) await flush();
    } else if (record.f !== undefined && record.b !== undefined) {
      await flush();
      const target = path.resolve(root, record.f);
      if (!target.startsWith(`${root}${path.sep}`))
        throw new Error(`refusing a file outside the uploads: ${record.f}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, Buffer.from(record.b, 'base64'));
      onProgress({ step: 'uploads', done: ++filesDone, total: header.files });
    }
  }
  await flush();
  if (!header) throw new Error(`${file}: empty backup`);
  return header;
}
