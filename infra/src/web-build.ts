/**
 * The production build of the web app for tests that serve it (the end-to-end tests and `npm start`'s
 * supervision test): built once, and again only when a source that goes into it changed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds unless build/server/index.js is newer than every source that goes into it. */
export async function buildIfStale(): Promise<void> {
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
