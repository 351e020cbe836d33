/**
 * `npm run bench -- --profile` on a process run as the bench runs the API (`node --import tsx`, so
 * tsx's loader thread is there too): the profile taken between two signals holds the function that
 * answered the requests in between, and the summary names it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { repoRoot } from '../paths';
import { formatProfileSummary, profiledEnv, startProfile, stopProfile, summarizeProfile } from './profiler';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'profiler-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SERVER = `
import http from 'node:http';
function spinForProfile() {
  let x = 0;
  for (let i = 0; i < 400_000; i++) x += Math.sqrt(i);
  return String(x);
}
const server = http.createServer((_req, res) => res.end(spinForProfile()));
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

it('profiles the seconds between two signals and finds the busy function', async () => {
  const entry = path.join(scratch, 'server.mjs');
  writeFileSync(entry, SERVER);
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...process.env, ...profiledEnv() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const found = /port (\d+)/.exec(chunk.toString());
        if (found) resolve(Number(found[1]));
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    startProfile(child.pid!);
    // The profiler starts on the signal's turn of the event loop; requests sent after it are profiled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 200; i++) await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const file = await stopProfile(child.pid!, `profiler-test-${child.pid}`);
    expect(file).toBeDefined();
    try {
      const summary = summarizeProfile(file!);
      expect(summary.busyMs).toBeGreaterThan(0);
      const spin = summary.functions.find((fn) => fn.name.startsWith('spinForProfile '));
      expect(spin?.share).toBeGreaterThan(0.5);
      expect(formatProfileSummary('test', summary, file!)).toContain('spinForProfile');
    } finally {
      rmSync(file!, { force: true });
    }
  } finally {
    child.kill();
  }
});
