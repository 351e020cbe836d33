/**
 * One entry for the whole site:
 *   start  build, then run services + api + worker + web on one URL (default http://localhost:3000)
 *   dev    the same with watchers and Vite's dev server
 *   test   services + `vitest run` (extra arguments go to vitest)
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDir, repoRoot } from './paths';
import { waitForPort } from './ports';
import { run, startChild, stopAllChildren } from './process';
import { MissingServiceError, startServices, type Services } from './services';

const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

function log(line: string): void {
  console.log(`[forum] ${line}`);
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function withServices(dir: string, body: (services: Services) => Promise<number>): Promise<number> {
  let services: Services | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopAllChildren();
    await services?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(130));
  process.on('SIGTERM', () => void shutdown(143));
  try {
    services = await startServices({ dataDir: dir });
    const code = await body(services);
    await shutdown(code);
    return code;
  } catch (error) {
    console.error(error instanceof MissingServiceError ? error.message : error);
    await shutdown(1);
    return 1;
  }
}

function siteEnv(services: Services, ports: { web: number; api: number; workerHealth: number }) {
  return {
    ...process.env,
    MONGO_URL: services.mongoUrl,
    REDIS_URL: services.redisUrl,
    ...(services.meiliUrl ? { MEILI_URL: services.meiliUrl } : {}),
    BASE_URL: process.env.BASE_URL ?? `http://localhost:${ports.web}`,
    API_URL: `http://127.0.0.1:${ports.api}`,
    WORKER_HEALTH_PORT: String(ports.workerHealth),
  };
}

async function startSite(watch: boolean): Promise<number> {
  const ports = {
    web: Number(process.env.PORT ?? 3000),
    api: Number(process.env.API_PORT ?? 3001),
    workerHealth: Number(process.env.WORKER_HEALTH_PORT ?? 3002),
  };
  return withServices(dataDir, async (services) => {
    if (!watch) {
      log('building the web app…');
      const built = await run(bin('turbo'), ['run', 'build', '--output-logs=errors-only'], { cwd: repoRoot });
      if (built !== 0) return built;
    }
    const env = siteEnv(services, ports);
    const tsxArgs = (entry: string) => (watch ? ['watch', entry] : [entry]);
    const api = startChild(bin('tsx'), tsxArgs('apps/api/src/main.ts'), {
      name: 'api',
      cwd: repoRoot,
      env: { ...env, PORT: String(ports.api) },
    });
    await waitForHttp(`http://127.0.0.1:${ports.api}/readyz`, 60_000, api);
    const worker = startChild(bin('tsx'), tsxArgs('apps/worker/src/main.ts'), {
      name: 'worker',
      cwd: repoRoot,
      env,
    });
    const web = watch
      ? startChild(bin('react-router'), ['dev', '--port', String(ports.web)], {
          name: 'web',
          cwd: path.join(repoRoot, 'apps/web'),
          env,
        })
      : startChild('node', ['server.mjs'], {
          name: 'web',
          cwd: path.join(repoRoot, 'apps/web'),
          env: { ...env, PORT: String(ports.web), NODE_ENV: 'production' },
        });
    await waitForPort('127.0.0.1', ports.web, 60_000);
    log(`ready: http://localhost:${ports.web}  (Ctrl+C stops everything)`);
    // Any part exiting takes the whole site down, so a broken start is never half-served.
    return new Promise<number>((resolve) => {
      for (const child of [api, worker, web]) child.once('exit', (code) => resolve(code ?? 1));
    });
  });
}

async function runTests(args: string[]): Promise<number> {
  const results = path.join(repoRoot, '.cache/vitest-results.json');
  rmSync(results, { force: true });
  return withServices(path.join(dataDir, 'test'), async (services) => {
    const code = await run(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, MONGO_URL: services.mongoUrl, REDIS_URL: services.redisUrl, NODE_ENV: 'test' },
      },
    );
    printSummary(results);
    return code;
  });
}

/** One plain closing line, whatever reporter ran: "tests: N passed, N failed". */
function printSummary(file: string): void {
  try {
    const summary = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    };
    const skipped = summary.numPendingTests ? `, ${summary.numPendingTests} skipped` : '';
    console.log(`tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed${skipped}`);
  } catch {
    console.log('tests: no results were written');
  }
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'start':
    await startSite(false);
    break;
  case 'dev':
    await startSite(true);
    break;
  case 'test':
    await runTests(rest);
    break;
  default:
    console.error('usage: tsx infra/src/cli.ts <start|dev|test> [vitest args]');
    process.exit(2);
}
