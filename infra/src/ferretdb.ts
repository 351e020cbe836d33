/**
 * Builds FerretDB v1.24.2 once into `.cache/bin`, from its module source with our patch applied
 * (`infra/ferretdb/sqlite-id-lookups.patch`). Stock v1.24.2's SQLite backend reads the whole table
 * for a lookup by a numeric `_id` (it narrows only string and ObjectID ids), and even then compares
 * an expression its `_id` index does not cover, so every lookup, update and delete by id scanned
 * its collection: the cost grew with the forum. The patch looks up string, ObjectID and integral
 * numeric ids through the `_id` index, also when the filter has other conditions (FerretDB still
 * checks the whole filter on what it reads). The binary's name carries the patch's hash, so a
 * changed patch builds anew. The module zip lacks the generated `build/version/version.txt`, which
 * is written before building.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir, repoRoot } from './paths';
import { which } from './process';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';
const binDir = path.join(cacheDir, 'bin');
const patchFile = path.join(repoRoot, 'infra/ferretdb/sqlite-id-lookups.patch');
const patchHash = createHash('sha256').update(readFileSync(patchFile)).digest('hex').slice(0, 10);
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
  log(`building FerretDB ${FERRETDB_VERSION} with our patch into ${binDir} (once)…`);
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
  // Outside any repository (the ceiling stops git at .cache), `git apply` patches like `patch -p1`.
  execFileSync('git', ['apply', '--whitespace=nowarn', patchFile], {
    cwd: src,
    env: { ...env, GIT_CEILING_DIRECTORIES: cacheDir },
    stdio: 'inherit',
  });
  if (
    !readFileSync(path.join(src, 'internal/backends/sqlite/collection.go'), 'utf8').includes('idWhereClause')
  ) {
    throw new Error(`the FerretDB patch did not apply: ${patchFile}`);
  }
  execFileSync('go', ['build', '-o', ferretdbBinary, './cmd/ferretdb'], { cwd: src, env, stdio: 'inherit' });
  if (!works(ferretdbBinary)) throw new Error('FerretDB was built but does not start');
  return ferretdbBinary;
}
