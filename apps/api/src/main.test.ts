import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { testServiceUrls, uniqueName } from '@forum/core/testing';
import { freePort } from '@forum/infra/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function startMain(env: Record<string, string>) {
  // Node itself with tsx's loader, as deployments run it: the tsx command gives a child that is busy
  // when SIGTERM comes about 60 ms to take it and then kills it outright.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    // vitest sets BASE_URL=/ for Vite; the API must get a real one.
    env: { ...process.env, BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the api process', () => {
  it('stops with one line naming a malformed setting', async () => {
    const { exited, output } = startMain({
      MONGO_URL: 'http://not-mongo',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(await exited).toBe(1);
    expect(output().trim()).toBe('invalid configuration: MONGO_URL: must be a mongodb:// URL');
  });

  it('prints a generated owner password once, serves, and exits cleanly on SIGTERM', async () => {
    const { mongoUrl, redisUrl } = testServiceUrls();
    const dbName = uniqueName('main');
    const port = await freePort();
    // A prefix of its own: readiness includes the read model, which other processes under the shared
    // Redis's empty prefix would otherwise rebuild or replace while this one starts.
    const env = {
      MONGO_URL: mongoUrl,
      MONGO_DB: dbName,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${dbName}:`,
      PORT: String(port),
    };
    const { child, exited, output } = startMain(env);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status, {
        timeout: 90_000,
        interval: 200,
      })
      .toBe(200);
    expect(output()).toMatch(/Owner account created: username "admin", password "[\w-]{12}"/);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const secondPort = await freePort();
    const again = startMain({ ...env, PORT: String(secondPort) });
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${secondPort}/healthz`).catch(() => null))?.status, {
        timeout: 90_000,
        interval: 200,
      })
      .toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(again.output()).not.toContain('Owner account created');

    const connection = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
    await connection.dropDatabase();
    await connection.close();
  }, 240_000);
});
