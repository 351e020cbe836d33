/**
 * Starts what the end-to-end tests drive: a fresh build of the web app, the API on a database of its
 * own, and the production web server in front of it. Everything started here is stopped here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { buildIfStale } from '@forum/infra/web-build';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(webDir, '../..');

export interface Stack {
  webUrl: string;
  apiUrl: string;
  /** A sign-in token of the owner account the API creates at start-up. */
  ownerToken: string;
  /** Where the stack keeps its Redis keys (captchas live at `<prefix>captcha:<id>`). */
  redisPrefix: string;
  /** Every mail the worker sends lands here as one `<n>.eml` file. */
  mailDir: string;
  /** With `keepOutput`: everything the stack's processes wrote so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Keeps the last output of a child, to explain why it died. */
function collect(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/** Keeps all the output of every child given to it, for tests that read the whole log. */
function allOutput(): { add(child: ChildProcess): void; text(): string } {
  const chunks: Buffer[] = [];
  const keep = (chunk: Buffer) => chunks.push(chunk);
  return {
    add(child) {
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
    },
    text: () => Buffer.concat(chunks).toString(),
  };
}

async function waitForOk(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${output()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Start-up fixtures (the owner's token) go straight to the database through the domain package, as
 * the API's own tests do; the test data is dropped afterwards.
 */
async function withDatabase<T>(mongoUrl: string, database: string, run: () => Promise<T>): Promise<T> {
  const { connectDatabase, disconnectDatabase } = await import('@forum/core');
  await connectDatabase(mongoUrl, database);
  try {
    return await run();
  } finally {
    await disconnectDatabase();
  }
}

async function ownerToken(mongoUrl: string, database: string): Promise<string> {
  const { issueToken, User } = await import('@forum/core');
  return withDatabase(mongoUrl, database, async () => {
    const owner = await User.findOne({ username: 'owner' }).lean();
    if (!owner) throw new Error('the API did not create the owner account');
    return (await issueToken(owner._id, 1)).token;
  });
}

async function dropTestData(mongoUrl: string, database: string, redisUrl: string, prefix: string) {
  const { createRedis } = await import('@forum/core');
  const mongoose = (await import('mongoose')).default;
  await withDatabase(mongoUrl, database, async () => {
    await mongoose.connection.db?.dropDatabase();
  });
  const redis = createRedis(redisUrl);
  try {
    const { scanKeys, unlinkKeys } = await import('@forum/core');
    for await (const keys of scanKeys(redis, `${prefix}*`)) await unlinkKeys(redis, keys);
  } finally {
    redis.disconnect();
  }
}

/** A local SMTP server that accepts everything and writes each message to `dir`. */
async function startMailSink(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${++count}.eml`), Buffer.concat(chunks));
        done();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface StackOptions {
  /** More settings of the API (a busy test gives it a capacity of one request). */
  apiEnv?: Record<string, string>;
  /** Without the worker when false (nothing the test does needs jobs run). */
  worker?: boolean;
  /** Keep everything the processes write (`Stack.output()`); else only the last lines, for errors. */
  keepOutput?: boolean;
  /** The API's and the worker's LOG_LEVEL (`info` writes the access log); default `warn`. */
  logLevel?: string;
  /**
   * The API in the web server's process, as `npm start` runs it; default true unless the
   * environment says `API_IN_PROCESS=false` (then a process of its own behind the kept-alive hop).
   */
  apiInProcess?: boolean;
}

function apiInProcess(options: StackOptions): boolean {
  return options.apiInProcess ?? process.env.API_IN_PROCESS !== 'false';
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const mongoUrl = process.env.MONGO_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!mongoUrl || !redisUrl)
    throw new Error('the e2e tests need MONGO_URL and REDIS_URL (npm test sets them)');

  await buildIfStale();

  const [apiPort, webPort] = [await freePort(), await freePort()];
  const name = `e2e_${randomBytes(4).toString('hex')}`;
  const prefix = `${name}:`;
  const children: ChildProcess[] = [];
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'forum-e2e-mail-'));
  const mailSink = await startMailSink(mailDir);
  const output = allOutput();
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    await mailSink.close();
    rmSync(mailDir, { recursive: true, force: true });
    await dropTestData(mongoUrl, name, redisUrl, prefix).catch((error: unknown) =>
      console.warn(`e2e: could not drop ${name}: ${String(error)}`),
    );
  };

  const apiEnv = {
    MONGO_URL: mongoUrl,
    MONGO_DB: name,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    BASE_URL: `http://localhost:${webPort}`,
    OWNER_USERNAME: 'owner',
    OWNER_PASSWORD: 'owner-pass-123',
    LOG_LEVEL: options.logLevel ?? 'warn',
    ...options.apiEnv,
  };
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webEnv = {
    NODE_ENV: 'production',
    PORT: String(webPort),
    HOST: '127.0.0.1',
    API_URL: apiUrl,
    // The page cache listens for the API's invalidations on the stack's prefix.
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
  };
  const webUrl = `http://localhost:${webPort}`;

  try {
    if (apiInProcess(options)) {
      // As `npm start` runs them: the API in the web server's process, on its own port as well.
      const site = spawn(process.execPath, [path.join(webDir, 'server.mjs')], {
        cwd: webDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...apiEnv, ...webEnv, API_IN_PROCESS: 'true', API_PORT: String(apiPort) },
      });
      children.push(site);
      if (options.keepOutput) output.add(site);
      await waitForOk(`${apiUrl}/readyz`, site, collect(site), 120_000);
      await waitForOk(`${webUrl}/healthz`, site, collect(site), 30_000);
    } else {
      const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'test', PORT: String(apiPort), HOST: '127.0.0.1', ...apiEnv },
      });
      children.push(api);
      if (options.keepOutput) output.add(api);
      await waitForOk(`${apiUrl}/readyz`, api, collect(api), 120_000);

      const web = spawn(process.execPath, [path.join(webDir, 'server.mjs')], {
        cwd: webDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...webEnv, API_IN_PROCESS: 'false' },
      });
      children.push(web);
      if (options.keepOutput) output.add(web);
      await waitForOk(`${webUrl}/healthz`, web, collect(web), 30_000);
    }

    const started = async (): Promise<Stack> => ({
      webUrl,
      apiUrl,
      ownerToken: await ownerToken(mongoUrl, name),
      redisPrefix: prefix,
      mailDir,
      output: output.text,
      stop,
    });
    if (options.worker === false) return await started();
    // The worker sends the verification mails, with links back to the web app.
    const workerHealthPort = await freePort();
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        MONGO_URL: mongoUrl,
        MONGO_DB: name,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        WORKER_HEALTH_PORT: String(workerHealthPort),
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mailSink.port),
        MAIL_FROM: 'forum@example.com',
        BASE_URL: webUrl,
        LOG_LEVEL: options.logLevel ?? 'warn',
      },
    });
    children.push(worker);
    if (options.keepOutput) output.add(worker);
    await waitForOk(`http://127.0.0.1:${workerHealthPort}/readyz`, worker, collect(worker), 120_000);
    return await started();
  } catch (error) {
    await stop();
    throw error;
  }
}
