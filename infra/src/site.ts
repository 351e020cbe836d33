/**
 * Starting the site's processes (api, worker, web) on given services and ports: what `npm start`
 * does after it found the services, and what `npm run bench` starts to measure.
 */
import type { ChildProcess, StdioOptions } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths';
import { waitForPort } from './ports';
import { startChild, supervise, type SuperviseOptions, type Supervised } from './process';
import type { Services } from './services';

const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

export interface SitePorts {
  web: number;
  api: number;
  workerHealth: number;
}

/**
 * The parts run supervised: one that exits is started again (see `supervise`). With the API in the
 * web server's process, `api` and `web` are the same supervised process.
 */
export interface RunningSite {
  api: Supervised;
  worker: Supervised;
  web: Supervised;
  /** Whether the web server runs the API in its own process (`API_IN_PROCESS`). */
  apiInProcess: boolean;
}

/**
 * Whether `npm start` runs the API inside the web server's process (the default) or as a process
 * of its own behind the kept-alive hop (`API_IN_PROCESS=false`). `npm run dev` always runs it
 * apart (Vite's dev server is the web part there).
 */
export function apiInProcessWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.API_IN_PROCESS !== 'false';
}

export function siteEnv(
  services: Services,
  ports: SitePorts,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    MONGO_URL: services.mongoUrl,
    REDIS_URL: services.redisUrl,
    ...(services.meiliUrl ? { MEILI_URL: services.meiliUrl } : {}),
    BASE_URL: process.env.BASE_URL ?? `http://localhost:${ports.web}`,
    API_URL: `http://127.0.0.1:${ports.api}`,
    WORKER_HEALTH_PORT: String(ports.workerHealth),
    ...extra,
  };
}

export async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
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

/**
 * Starts api (and waits for its readiness, which includes a rebuilt read model), worker and web.
 * `readyTimeoutMs` bounds the wait for the api: a large forum's read model takes minutes to rebuild.
 */
export async function launchSite(
  services: Services,
  ports: SitePorts,
  options: {
    watch?: boolean;
    env?: NodeJS.ProcessEnv;
    /** Added to the API process's environment only (the bench's profiling preload of the API). */
    apiEnv?: NodeJS.ProcessEnv;
    /** Added to the worker process's environment only (the bench's profiling preload of the worker). */
    workerEnv?: NodeJS.ProcessEnv;
    stdio?: StdioOptions;
    readyTimeoutMs?: number;
    log?: (line: string) => void;
    /** How supervised parts are restarted (the chaos test restarts them at once). */
    restart?: Omit<SuperviseOptions, 'log'>;
    /** The API in the web server's process; default `apiInProcessWanted()` (never with `watch`). */
    apiInProcess?: boolean;
  } = {},
): Promise<RunningSite> {
  const { watch = false, stdio = 'inherit', readyTimeoutMs = 60_000 } = options;
  const log = options.log ?? ((line: string) => console.log(`[forum] ${line}`));
  // Production error handling everywhere (no stack traces in answers) unless developing.
  const env = { NODE_ENV: watch ? 'development' : 'production', ...siteEnv(services, ports, options.env) };
  // Outside watch mode Node runs the entry with tsx's loader rather than under the tsx command:
  // that command relays a SIGTERM to its child and kills it outright when the child has not taken
  // the signal within about 60 ms, so a busy API or worker would lose its graceful stop.
  const typescript = (entry: string): [string, string[]] =>
    watch ? [bin('tsx'), ['watch', entry]] : [process.execPath, ['--import', 'tsx', entry]];
  if (!watch && (options.apiInProcess ?? apiInProcessWanted(env))) {
    // One process answers the public port and the API's: started (and restarted) as one.
    const site = supervise(
      'site (api + web)',
      () =>
        startChild('node', ['server.mjs'], {
          name: 'site',
          cwd: path.join(repoRoot, 'apps/web'),
          env: {
            ...env,
            ...options.apiEnv,
            API_IN_PROCESS: 'true',
            PORT: String(ports.web),
            API_PORT: String(ports.api),
            NODE_ENV: 'production',
          },
          stdio,
        }),
      { log, ...options.restart },
    );
    await waitForHttp(`http://127.0.0.1:${ports.api}/readyz`, readyTimeoutMs, site.current);
    const worker = startWorker();
    await waitForPort('127.0.0.1', ports.web, 60_000);
    return { api: site, worker, web: site, apiInProcess: true };
  }
  function startWorker(): Supervised {
    return supervise(
      'worker',
      () =>
        startChild(...typescript('apps/worker/src/main.ts'), {
          name: 'worker',
          cwd: repoRoot,
          env: { ...env, ...options.workerEnv },
          stdio,
        }),
      { log, ...options.restart },
    );
  }
  const api = supervise(
    'api',
    () =>
      startChild(...typescript('apps/api/src/main.ts'), {
        name: 'api',
        cwd: repoRoot,
        env: { ...env, ...options.apiEnv, PORT: String(ports.api) },
        stdio,
      }),
    { log, ...options.restart },
  );
  await waitForHttp(`http://127.0.0.1:${ports.api}/readyz`, readyTimeoutMs, api.current);
  const worker = startWorker();
  const web = supervise(
    'web',
    () =>
      watch
        ? startChild(bin('react-router'), ['dev', '--port', String(ports.web)], {
            name: 'web',
            cwd: path.join(repoRoot, 'apps/web'),
            env,
            stdio,
          })
        : startChild('node', ['server.mjs'], {
            name: 'web',
            cwd: path.join(repoRoot, 'apps/web'),
            env: { ...env, API_IN_PROCESS: 'false', PORT: String(ports.web), NODE_ENV: 'production' },
            stdio,
          }),
    { log, ...options.restart },
  );
  await waitForPort('127.0.0.1', ports.web, 60_000);
  return { api, worker, web, apiInProcess: false };
}
