/**
 * One entry for the whole site:
 *   start  build, then run services + api + worker + web on one URL (default http://localhost:3000)
 *   dev    the same with watchers and Vite's dev server
 *   test   services + `vitest run` (extra arguments go to vitest)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dataDir, repoRoot } from './paths';
import { run, stopAllChildren } from './process';
import { forgetRunningSite, recordRunningSite, refusalToStart, siteRedisPrefix } from './running-site';
import { MissingServiceError, startServices, type Services } from './services';
import { clusterUnavailableReason, startRedisCluster } from './redis-cluster';
import { launchSite } from './site';
import { buildIfStale } from './web-build';
import { startMailCatcher, wantsMailCatcher } from './mail-catcher';

const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

function log(line: string): void {
  console.log(`[forum] ${line}`);
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

async function startSite(watch: boolean): Promise<number> {
  const ports = {
    web: Number(process.env.PORT ?? 3000),
    api: Number(process.env.API_PORT ?? 3001),
    workerHealth: Number(process.env.WORKER_HEALTH_PORT ?? 3002),
  };
  const refusal = await refusalToStart(dataDir, ports);
  if (refusal) {
    console.error(`[forum] ${refusal}`);
    process.exitCode = 1;
    return 1;
  }
  const redisPrefix = siteRedisPrefix(dataDir);
  return withServices(dataDir, async (services) => {
    // `npm run demo` and `npm run reindex` find this site's services here while it runs.
    recordRunningSite(dataDir, {
      pid: process.pid,
      mongoUrl: services.mongoUrl,
      ...(process.env.MONGO_DB ? { mongoDb: process.env.MONGO_DB } : {}),
      redisUrl: services.redisUrl,
      redisPrefix,
      url: `http://localhost:${ports.web}`,
      baseUrl: process.env.BASE_URL ?? `http://localhost:${ports.web}`,
    });
    process.once('exit', () => forgetRunningSite(dataDir));
    if (!watch) {
      // Built once and again only when a source changed (a restart does not wait for Vite).
      log('building the web app (unless it is up to date)…');
      try {
        await buildIfStale();
      } catch (error) {
        console.error((error as Error).message);
        return 1;
      }
    }
    const catcher = wantsMailCatcher(process.env, watch)
      ? await startMailCatcher(
          {
            web: Number(process.env.LOCAL_MAIL_PORT ?? 3080),
            smtp: Number(process.env.LOCAL_MAIL_SMTP_PORT ?? 3025),
          },
          path.join(dataDir, 'mail'),
        )
      : undefined;
    // A part that fails to start takes the whole start down, so a broken start is never half-served;
    // once started, a part that exits is restarted (with backoff) while the others keep serving.
    await launchSite(services, ports, {
      watch,
      log,
      // A grown forum's read model takes minutes to rebuild (after Redis lost it, or a new layout):
      // the API logs its progress, and the start waits for as long as the API lives.
      readyTimeoutMs: Number.POSITIVE_INFINITY,
      env: {
        REDIS_PREFIX: redisPrefix,
        UPLOAD_DIR: process.env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'),
        ...catcher?.env,
      },
    });
    log(`data in ${dataDir}, Redis keys under "${redisPrefix}"`);
    if (catcher)
      log(`mail the site sends: ${catcher.webUrl}  (a local catcher; nothing leaves this machine)`);
    else if (!process.env.SMTP_HOST) {
      log(
        'no SMTP server: mail cannot be sent (set SMTP_HOST, save one in 系统设置 → 邮件, or LOCAL_MAIL=1)',
      );
    }
    log(`ready: http://localhost:${ports.web}  (Ctrl+C stops everything)`);
    return new Promise<number>(() => undefined);
  });
}

/**
 * The runs `npm test` makes. Vitest gives a 2-core machine one worker, so its files would run one
 * after another, mostly waiting on FerretDB, Chromium and the sites they start; and a project
 * whose files run one at a time (the end-to-end files share one site) runs as a group of its own,
 * before or after the rest. So a whole-suite run is two vitest processes side by side, the
 * end-to-end files in one and every other project in the other, on the same services (each test
 * file has its own database and Redis prefix). Arguments that choose files or projects make one run.
 */
function testRuns(args: string[]): { name: string; args: string[] }[] {
  const choosesFiles = args.some((arg) => !arg.startsWith('-') || arg.startsWith('--project'));
  if (choosesFiles) return [{ name: 'all', args }];
  return [
    { name: 'e2e', args: ['--project', 'e2e', ...args] },
    { name: 'rest', args: ['--project', '!e2e', ...args] },
  ];
}

async function runTests(args: string[]): Promise<number> {
  const runs = testRuns(args).map((run) => ({
    ...run,
    results: path.join(repoRoot, `.cache/vitest-results-${run.name}.json`),
  }));
  for (const { results } of runs) rmSync(results, { force: true });
  return withServices(path.join(dataDir, 'test'), async (services) => {
    // The tests that run on one Redis and on a Redis Cluster get the cluster's nodes here, or the
    // reason there is none (they skip, saying it).
    const cluster = await testCluster();
    try {
      const codes = await Promise.all(
        runs.map(({ args: runArgs, results }) =>
          run(
            bin('vitest'),
            ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...runArgs],
            {
              cwd: repoRoot,
              env: {
                ...process.env,
                MONGO_URL: services.mongoUrl,
                REDIS_URL: services.redisUrl,
                ...cluster.env,
                NODE_ENV: 'test',
              },
            },
          ),
        ),
      );
      printSummary(runs.map(({ results }) => results));
      return codes.find((code) => code !== 0) ?? 0;
    } finally {
      await cluster.stop();
    }
  });
}

/** A 6-node Redis Cluster for the tests, when this machine has redis-server. */
async function testCluster(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const reason = clusterUnavailableReason();
  if (reason) {
    log(`no Redis Cluster for the tests: ${reason}; the cluster variants skip`);
    return { env: { TEST_REDIS_CLUSTER_SKIP: reason }, stop: async () => undefined };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'forum-redis-cluster-'));
  const basePort = process.env.REDIS_CLUSTER_TEST_PORT
    ? Number(process.env.REDIS_CLUSTER_TEST_PORT)
    : undefined;
  const cluster = await startRedisCluster({ dir, log, basePort });
  return {
    env: { TEST_REDIS_CLUSTER_NODES: cluster.nodeList },
    stop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
  }[];
}

/**
 * The closing lines of all runs, whatever reporter ran: each failed test with the first lines of
 * its failure (the two runs' reports interleave above, and a CI log is often read from its tail),
 * then "tests: N passed, N failed".
 */
function printSummary(files: string[]): void {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const failures: string[] = [];
  for (const file of files) {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests;
      for (const result of report.testResults) {
        const where = path.relative(repoRoot, result.name);
        // A file that failed to load has no tests, only a message.
        if (result.message && !result.assertionResults.length) {
          failures.push(`${where}: ${firstLines(result.message)}`);
        }
        for (const test of result.assertionResults) {
          if (test.status !== 'failed') continue;
          failures.push(`${where} › ${test.fullName}: ${firstLines(test.failureMessages.join('\n'))}`);
        }
      }
    } catch {
      console.log(`tests: no results were written to ${path.relative(repoRoot, file)}`);
    }
  }
  for (const failure of failures) console.log(`FAILED ${failure}`);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
}

function firstLines(text: string, count = 4): string {
  return text.split('\n').slice(0, count).join('\n    ');
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
