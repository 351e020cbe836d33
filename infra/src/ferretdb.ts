/**
 * Builds FerretDB v1.24.2 once into `.cache/bin`. `go install …@v1.24.2` is tried first; its module
 * zip lacks the generated `build/version/version.txt`, so when the binary it produces cannot start
 * (or go install itself fails) the module source is copied, the version file written and the
 * binary built from there.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir } from './paths';
import { which } from './process';

export const FERRETDB_VERSION = 'v1.24.2';
const MODULE = 'github.com/FerretDB/FerretDB';
const binDir = path.join(cacheDir, 'bin');
export const ferretdbBinary = path.join(binDir, 'ferretdb');

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
  log(`building FerretDB ${FERRETDB_VERSION} into ${binDir} (once)…`);
  try {
    execFileSync('go', ['install', `${MODULE}/cmd/ferretdb@${FERRETDB_VERSION}`], { env, stdio: 'pipe' });
    if (works(ferretdbBinary)) return ferretdbBinary;
  } catch {
    // fall through to the source build below
  }
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
  execFileSync('go', ['build', '-o', ferretdbBinary, './cmd/ferretdb'], { cwd: src, env, stdio: 'inherit' });
  if (!works(ferretdbBinary)) throw new Error('FerretDB was built but does not start');
  return ferretdbBinary;
}
