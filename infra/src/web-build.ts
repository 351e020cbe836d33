/**
 * The production build of the web app for everything here that serves it (`npm start`, the
 * end-to-end tests, the supervision test, the chaos run and the bench): built once, and again only
 * when a source that goes into it changed. It is the only way the build is made outside `npm run
 * build`: a second one (turbo's, with its own cache) rewrote `build/` under the end-to-end site
 * while the suite ran (the chaos tests build too): Lighthouse got a 500 for `/` during one, and
 * pages that never hydrated in earlier runs were likely the same.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

export const webDir = path.join(repoRoot, 'apps/web');

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

/** Held while one process builds: test files of several projects may ask at the same time. */
const lockDir = path.join(webDir, '.build-lock');
/** A lock older than this was left by a process that died while building. */
const STALE_LOCK_MS = 10 * 60_000;

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      const age = existsSync(lockDir) ? Date.now() - statSync(lockDir).mtimeMs : 0;
      if (age > STALE_LOCK_MS) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Builds unless build/server/index.js is newer than every source that goes into it; one process at
 * a time, so a second caller waits for the first build and then finds it fresh.
 */
export function buildIfStale(): Promise<void> {
  return withBuildLock(buildUnlessFresh);
}

async function buildUnlessFresh(): Promise<void> {
  const output = path.join(webDir, 'build/server/index.js');
  // The browser bundle includes the contracts package's source too.
  const sources = [
    'app',
    'public',
    'vite.config.ts',
    'react-router.config.ts',
    'package.json',
    '../../packages/contracts/src',
  ].map((p) => path.join(webDir, p));
  if (
    existsSync(output) &&
    statSync(output).mtimeMs > Math.max(...sources.filter(existsSync).map(newestMtime))
  ) {
    return;
  }
  // vitest sets NODE_ENV=test, under which Vite would bundle React's development build: the tests
  // drive what production serves.
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/react-router'), ['build'], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last of its output, to explain a failure.
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`react-router build failed (${code}):\n${text}`);
}
