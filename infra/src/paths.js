import path from 'node:path';
import { fileURLToPath } from 'node:url';
/** The repository root, whatever the current directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Git-ignored folder for built tools (the FerretDB binary). */
export const cacheDir = path.join(repoRoot, '.cache');
/** Git-ignored folder for local data (FerretDB's SQLite files, uploads). */
export const dataDir = path.join(repoRoot, '.data');
