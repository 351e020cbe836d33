import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the current directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Git-ignored folder for built tools (the FerretDB binary). */
export const cacheDir = path.join(repoRoot, '.cache');
/**
 * Folder for local data (FerretDB's SQLite files, uploads): `DATA_DIR`, else the git-ignored `.data`.
 * Two local sites on one machine each have their own; the launcher derives their Redis prefix from it.
 */
export const dataDir = path.resolve(repoRoot, process.env.DATA_DIR || '.data');
