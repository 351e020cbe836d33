/**
 * Several processes on one Redis and one database, as an operator runs them past one machine: two
 * API processes and workers split by queue group, each a real process started from its entry file.
 * The workers run the real entry wiring plus a test-only `slow-test` job on every queue
 * (`apps/worker/test/slow-job-worker.ts`), whose printed lines say which process ran which job.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { QueueName, QueueNames, type ServerToClientEvents } from '@forum/contracts';
import { closeEventBus, getQueue, initEventBus, issueToken } from '@forum/core';
import { buildUser, metricSample, useTestServices, waitFor } from '@forum/core/testing';
import { repoRoot } from './paths';
import { freePort } from './ports';
import { startChild, stopChild } from './process';
import { waitForHttp } from './site';

const services = useTestServices();
const slowWorkerEntry = path.join(repoRoot, 'apps/worker/test/slow-job-worker.ts');

interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
  output: () => string;
}

const procs: Proc[] = [];

function launch(name: string, entry: string, port: number, env: Record<string, string>): Proc {
  const child = startChild(process.execPath, ['--import', 'tsx', entry], {
    name,
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      MONGO_URL: services.mongoUrl,
      MONGO_DB: services.dbName,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: services.prefix,
      LOG_LEVEL: 'warn',
      // Vitest sets BASE_URL to '/', which the API refuses.
      BASE_URL: 'http://localhost:3000',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const proc = { name, child, url: `http://127.0.0.1:${port}`, output: () => output };
  procs.push(proc);
  return proc;
}

async function startApi(name: string): Promise<Proc> {
  const port = await freePort();
  const api = launch(name, 'apps/api/src/main.ts', port, {
    PORT: String(port),
    HOST: '127.0.0.1',
    OWNER_USERNAME: 'owner',
    OWNER_PASSWORD: 'owner-password',
  });
  await waitForHttp(`${api.url}/readyz`, 150_000, api.child).catch((error: Error) => {
    throw new Error(`${error.message}\n${api.output()}`);
  });
  return api;
}

/** A worker consuming `queues`, named `name` on the jobs it runs; points run one at a time. */
async function startWorker(name: string, queues: string): Promise<Proc> {
  const port = await freePort();
  const worker = launch(name, slowWorkerEntry, port, {
    WORKER_QUEUES: queues,
    WORKER_NAME: name,
    WORKER_HEALTH_PORT: String(port),
    WORKER_CONCURRENCY_POINTS: '1',
  });
  await waitForHttp(`${worker.url}/readyz`, 150_000, worker.child).catch((error: Error) => {
    throw new Error(`${error.message}\n${worker.output()}`);
  });
  return worker;
}

/** How many times each worker printed that it started job `jobId` of `queue` (ids are per queue). */
function startsOf(jobId: string, queue: QueueName = QueueName.Points): Record<string, number> {
  const starts: Record<string, number> = {};
  for (const proc of procs) {
    const count = proc
      .output()
      .split('\n')
      .filter((line) => line === `started ${jobId} on ${queue}`).length;
    if (count) starts[proc.name] = count;
  }
  return starts;
}

async function addSlowJobs(queue: QueueName, count: number, ms: number): Promise<string[]> {
  const jobs = await Promise.all(
    Array.from({ length: count }, () => getQueue(queue).add('slow-test', { ms }, { attempts: 1 })),
  );
  return jobs.map((job) => job.id!);
}

async function allCompleted(queue: QueueName, ids: string[]): Promise<boolean> {
  const states = await Promise.all(ids.map((id) => getQueue(queue).getJobState(id)));
  return states.every((state) => state === 'completed');
}

/** Adds `count` slow jobs to `queue` and returns how long the workers took to finish them all. */
async function drainSeconds(
  queue: QueueName,
  count: number,
  ms: number,
): Promise<{ ids: string[]; seconds: number }> {
  const started = performance.now();
  const ids = await addSlowJobs(queue, count, ms);
  await waitFor('the backlog to drain', () => allCompleted(queue, ids), 60_000);
  return { ids, seconds: (performance.now() - started) / 1000 };
}

let apiA: Proc;
let apiB: Proc;
let points: Proc;
let notifyFeed: Proc;
let searchMailMaintenance: Proc;

/** Which workers consume each queue (the names they record on their jobs). */
const consumers = (): Record<string, string[]> => ({
  points: procs.filter((p) => p.name.startsWith('points')).map((p) => p.name),
  notify: [notifyFeed.name],
  feed: [notifyFeed.name],
  search: [searchMailMaintenance.name],
  mail: [searchMailMaintenance.name],
  maintenance: [searchMailMaintenance.name],
});

beforeAll(async () => {
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  // The first API builds the read model and creates the owner; the others find them.
  apiA = await startApi('api-a');
  [apiB, points, notifyFeed, searchMailMaintenance] = await Promise.all([
    startApi('api-b'),
    startWorker('points-1', 'points'),
    startWorker('notify-feed', 'notify,feed'),
    startWorker('search-mail-maintenance', 'search,mail,maintenance'),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all(procs.map((proc) => stopChild(proc.child, 15_000)));
  await closeEventBus();
}, 60_000);

async function legacyPost(api: Proc, route: string, token: string, values: Record<string, string>) {
  const response = await fetch(`${api.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-user-token': token },
    body: new URLSearchParams(values),
  });
  const body = (await response.json()) as { success: boolean; data?: { topicId?: number }; message?: string };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.data;
}

function nextEvent<E extends keyof ServerToClientEvents>(
  socket: Socket,
  event: E,
  accept: (data: Parameters<ServerToClientEvents[E]>[0]) => boolean,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 30 s`)), 30_000);
    const listener = (data: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!accept(data)) return;
      clearTimeout(timer);
      socket.off(event as string, listener as never);
      resolve(data);
    };
    socket.on(event as string, listener as never);
  });
}

describe('two API processes and three workers on one Redis and one database', () => {
  it('a socket on API A receives pushes caused by a write on API B and by a worker', async () => {
    const author = await buildUser();
    const reader = await buildUser();
    const authorToken = (await issueToken(author._id, 7)).token;
    const readerToken = (await issueToken(reader._id, 7)).token;
    const socket = connect(apiA.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token: authorToken },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });

      const nodes = (await (await fetch(`${apiB.url}/api/topic/nodes`)).json()) as {
        data: { nodeId: number }[];
      };
      // topic:new reaches the public room from the notify worker, through the Redis emitter.
      const announced = nextEvent(socket, 'topic:new', () => true);
      const topic = await legacyPost(apiB, '/api/topic/create', authorToken, {
        nodeId: String(nodes.data[0]!.nodeId),
        title: '多进程测试',
        content: '两个 API 进程与三个 worker',
      });
      expect(await announced).toMatchObject({ id: topic!.topicId });

      // The comment's message is written by the notify worker, which pushes the unread count.
      const unread = nextEvent(socket, 'message:unread', ({ count }) => count === 1);
      await legacyPost(apiB, '/api/comment/create', readerToken, {
        entityType: 'topic',
        entityId: String(topic!.topicId),
        content: '来自另一个进程的评论',
      });
      expect(await unread).toEqual({ count: 1 });

      // Marking read on API B pushes from API B itself; the Redis adapter carries it to API A.
      const cleared = nextEvent(socket, 'message:unread', ({ count }) => count === 0);
      await legacyPost(apiB, '/api/user/messages/read', authorToken, {});
      expect(await cleared).toEqual({ count: 0 });
    } finally {
      socket.disconnect();
    }
  }, 90_000);

  it('runs every job once, and only on a worker that consumes its queue', async () => {
    const eventQueues = [QueueName.Points, QueueName.Notify, QueueName.Feed, QueueName.Search];
    await waitFor(
      'the event queues to be idle',
      async () => {
        for (const queue of eventQueues) {
          const counts = await getQueue(queue).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
          if (Object.values(counts).some((count) => count > 0)) return false;
        }
        return true;
      },
      60_000,
    );
    const slow = Object.fromEntries(
      await Promise.all(QueueNames.map(async (queue) => [queue, await addSlowJobs(queue, 2, 10)] as const)),
    );
    for (const queue of QueueNames) {
      await waitFor(`the ${queue} slow jobs`, () => allCompleted(queue, slow[queue]!), 60_000);
      for (const id of slow[queue]!) {
        const starts = startsOf(id, queue);
        expect(Object.values(starts), `${queue}/${id}`).toEqual([1]);
        expect(consumers()[queue]).toContain(Object.keys(starts)[0]);
      }
    }

    // The topic's and the comment's event jobs: BullMQ's record of who ran each, and how often.
    const finished = new Map<string, number>();
    for (const queue of QueueNames) {
      const jobs = await getQueue(queue).getJobs(['completed', 'failed']);
      for (const job of jobs) {
        expect(consumers()[queue], `${queue}/${job.name}`).toContain(job.processedBy);
        expect(job.attemptsStarted, `${queue}/${job.name}`).toBe(1);
      }
      finished.set(queue, jobs.length);
    }
    for (const queue of eventQueues) expect(finished.get(queue)).toBeGreaterThan(0);

    // Each worker's metrics count runs of its own queues only, and together every run once.
    const workers = [points, notifyFeed, searchMailMaintenance];
    const texts = await Promise.all(workers.map(async (w) => (await fetch(`${w.url}/metrics`)).text()));
    for (const queue of eventQueues) {
      const runs = (text: string) =>
        (metricSample(text, 'forum_job_duration_seconds_count', { queue, outcome: 'completed' }) ?? 0) +
        (metricSample(text, 'forum_job_duration_seconds_count', { queue, outcome: 'failed' }) ?? 0);
      const byWorker = texts.map(runs);
      workers.forEach((worker, index) => {
        if (!consumers()[queue]!.includes(worker.name))
          expect(byWorker[index], `${worker.name}/${queue}`).toBe(0);
      });
      // Counted per job name: sum every series of this queue from the worker that consumes it.
      const total = texts
        .flatMap((text) => text.split('\n'))
        .filter(
          (line) => line.startsWith('forum_job_duration_seconds_count{') && line.includes(`queue="${queue}"`),
        )
        .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
      expect(total, queue).toBe(finished.get(queue));
    }

    const ready = await Promise.all(workers.map(async (w) => (await fetch(`${w.url}/readyz`)).json()));
    expect(ready.map((report) => (report as { consumes: string[] }).consumes)).toEqual([
      ['points'],
      ['notify', 'feed'],
      ['search', 'mail', 'maintenance'],
    ]);
  }, 120_000);

  it('a second points worker drains a backlog sooner (measured and printed)', async () => {
    const jobs = 8;
    const ms = 250;
    const alone = await drainSeconds(QueueName.Points, jobs, ms);
    const second = await startWorker('points-2', 'points');
    const together = await drainSeconds(QueueName.Points, jobs, ms);
    console.log(
      `[scaling] ${jobs} points jobs of ${ms} ms (concurrency 1 per worker): ` +
        `one worker ${alone.seconds.toFixed(2)} s, two workers ${together.seconds.toFixed(2)} s`,
    );
    for (const id of [...alone.ids, ...together.ids]) expect(Object.values(startsOf(id))).toEqual([1]);
    for (const id of alone.ids) expect(Object.keys(startsOf(id))).toEqual([points.name]);
    // With one job at a time each, the second worker takes its share while the first is busy.
    expect(together.ids.some((id) => second.name in startsOf(id))).toBe(true);
  }, 180_000);

  it('a worker stopped with SIGTERM finishes its job, and the other points worker takes the queue', async () => {
    const ids = await addSlowJobs(QueueName.Points, 4, 1500);
    let running: string | undefined;
    await waitFor(
      'the first points worker to start one',
      async () => {
        running = ids.find((id) => startsOf(id)[points.name]);
        return running !== undefined;
      },
      30_000,
    );
    const startedBefore = ids.filter((id) => startsOf(id)[points.name]);

    await stopChild(points.child, 30_000);

    expect(points.child.exitCode, points.output()).toBe(0);
    expect(points.output()).toContain(`finished ${running} on points`);
    await waitFor(
      'the queue to be drained by the other worker',
      () => allCompleted(QueueName.Points, ids),
      60_000,
    );
    for (const id of ids) expect(Object.values(startsOf(id))).toEqual([1]);
    // Nothing started on the stopped worker after the signal; the rest ran on the other one.
    expect(ids.filter((id) => startsOf(id)[points.name])).toEqual(startedBefore);
    const rest = ids.filter((id) => !startedBefore.includes(id));
    for (const id of rest) expect(Object.keys(startsOf(id))).toEqual(['points-2']);
  }, 120_000);

  it('the web server is ready when the API behind it is, and says why when it is not', async () => {
    const [port, deadPort] = [await freePort(), await freePort()];
    const webEnv = (apiUrl: string, webPort: number) => ({
      PORT: String(webPort),
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      NODE_ENV: 'production',
    });
    const web = launch('web', 'apps/web/server.mjs', port, webEnv(apiA.url, port));
    const orphanPort = await freePort();
    const orphan = launch(
      'web-orphan',
      'apps/web/server.mjs',
      orphanPort,
      webEnv(`http://127.0.0.1:${deadPort}`, orphanPort),
    );
    await waitForHttp(`${web.url}/healthz`, 60_000, web.child);
    await waitForHttp(`${orphan.url}/healthz`, 60_000, orphan.child);

    const ready = await fetch(`${web.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ api: { mongo: true, redis: true, readModel: 'ready' } });

    const notReady = await fetch(`${orphan.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ api: { error: expect.any(String) } });
  }, 90_000);
});
