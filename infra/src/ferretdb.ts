/**
 * Builds FerretDB v1.24.2 once into `.cache/bin`, from its module source with our patches applied
 * (`infra/ferretdb/*.patch`, in name order):
 *
 * - `sqlite-id-lookups.patch`: stock v1.24.2's SQLite backend reads the whole table for a lookup by
 *   a numeric `_id` (it narrows only string and ObjectID ids), and even then compares an expression
 *   its `_id` index does not cover, so every lookup, update and delete by id scanned its collection:
 *   the cost grew with the forum. The patch looks up string, ObjectID and integral numeric ids
 *   through the `_id` index, also when the filter has other conditions (FerretDB still checks the
 *   whole filter on what it reads).
 * - `update-closes-each-query.patch`: an `update` command closes each statement's query only when
 *   the whole command returns. A query stopped after its one match keeps its SQLite connection, so
 *   a command of more upserts that match than the pool has connections (100), such as the worker's
 *   flush of counters, waits forever for the connection its next write needs, and every other
 *   client waits with it, until the client gives up (60 s). The patch closes each statement's query
 *   when that statement is done.
 * - `resource-tracking-in-debug-builds-only.patch`: release builds tracked every iterator and
 *   connection for leaks (a stack trace in a pprof profile under a global lock, and a finalizer),
 *   6–8 % of the database's CPU; the patch keeps that for debug builds.
 *
 * The binary's name carries a hash of the patches, so a changed patch builds anew. The module zip
 * lacks the generated `build/version/version.txt`, which is written before building.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { cacheDir, repoRoot } from './paths';
import { which } from './process';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';
const binDir = path.join(cacheDir, 'bin');
const patchDir = path.join(repoRoot, 'infra/ferretdb');
const patchFiles = readdirSync(patchDir)
  .filter((name) => name.endsWith('.patch'))
  .sort()
  .map((name) => path.join(patchDir, name));
const patchHash = patchFiles
  .reduce((hash, file) => hash.update(readFileSync(file)), createHash('sha256'))
  .digest('hex')
  .slice(0, 10);
export const ferretdbBinary = path.join(binDir, `ferretdb-${FERRETDB_VERSION}-${patchHash}`);

function works(binary: string): boolean {
  try {
    execFileSync(binary, ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

export function ensureFerretDb(log: (line: string) => void): string {
  if (existsSync(ferretdbBinary) && works(ferretdbBinary)) return ferretdbBinary;
  if (!which('go')) {
    throw new Error(
      'MongoDB is missing: set MONGO_URL, put mongod on PATH, or install Go so FerretDB can be built.',
    );
  }
  mkdirSync(binDir, { recursive: true });
  const env = { ...process.env, GOBIN: binDir, GOFLAGS: '-trimpath' };
  log(`building FerretDB ${FERRETDB_VERSION} with our patches into ${binDir} (once)…`);
  const info = JSON.parse(
    execFileSync('go', ['mod', 'download', '-json', `${MODULE}@${FERRETDB_VERSION}`], {
      env,
      encoding: 'utf8',
    }),
  ) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`cannot download FerretDB: ${info.Error ?? 'unknown error'}`);
  const src = path.join(cacheDir, 'ferretdb-src');
  rmSync(src, { recursive: true, force: true });
  cpSync(info.Dir, src, { recursive: true });
  chmodSync(src, 0o755);
  execFileSync('chmod', ['-R', 'u+w', src]);
  writeFileSync(path.join(src, 'build/version/version.txt'), `${FERRETDB_VERSION}\n`);
  // Outside any repository (the ceiling stops git at .cache), `git apply` patches like `patch -p1`;
  // a patch that does not apply fails the build here.
  for (const patchFile of patchFiles) {
    execFileSync('git', ['apply', '--whitespace=nowarn', patchFile], {
      cwd: src,
      env: { ...env, GIT_CEILING_DIRECTORIES: cacheDir },
      stdio: 'inherit',
    });
  }
  execFileSync('go', ['build', '-o', ferretdbBinary, './cmd/ferretdb'], { cwd: src, env, stdio: 'inherit' });
  if (!works(ferretdbBinary)) throw new Error('FerretDB was built but does not start');
  return ferretdbBinary;
}
