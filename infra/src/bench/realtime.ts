/**
 * The bench's realtime row: N socket.io clients signed in as the seeded users hold sockets on ONE
 * API process while comments are posted on their topics at a steady rate; each comment's author is
 * told by `message:unread` on every socket they have open. The row times each push from the
 * comment's HTTP response and weighs the API process with and without the sockets.
 */
import { once } from 'node:events';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import cliProgress from 'cli-progress';
import { QueueName } from '@forum/contracts';
import { closeEventBus, Comment, getQueue, initEventBus, JobRun, Message, RateLimits } from '@forum/core';
import { repoRoot } from '../paths';
import { startChild, stopChild } from '../process';
import { treeOpenFileLimit, treeRssMb } from './proc';
import type { ClientsReport, ClientsRequest } from './realtime-clients';
import {
  maxCommentRate,
  percentile,
  plannedComment,
  pushLatencies,
  realtimeTarget,
  type BenchOptions,
  type PostedComment,
  type RowResult,
  type Target,
} from './report';
import { seededTopicOf } from './seed';

const log = (line: string) => console.log(`[bench] ${line}`);
const now = () => performance.timeOrigin + performance.now();

export interface RealtimeSetup {
  apiUrl: string;
  /** The API process (its tree's RSS is weighed); one process, so every socket lands on it. */
  apiPid: number;
  /** A signed-in token for every seeded user, in user id order (user 1 first). */
  tokens: string[];
  topics: number;
  redisUrl: string;
}

/** The API's RSS once settled: the least of five readings a second apart (a GC may be pending). */
async function settledRssMb(pid: number): Promise<number> {
  let least = Number.MAX_VALUE;
  for (let i = 0; i < 5; i++) {
    least = Math.min(least, treeRssMb(pid));
    await sleep(1000);
  }
  return least;
}

/** How long after the posting window comments may still be answered, and pushes still arrive. */
const ANSWER_GRACE_SECONDS = 60;
const PUSH_GRACE_SECONDS = 60;

/** Sockets opened at once: small enough for the API's accept queue, large enough to be quick. */
const CONNECT_BATCH = 250;

interface Legacy<T> {
  success: boolean;
  message?: string;
  data: T;
}

function bar(format: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { format, hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
}

/** The clients' process, through a shell that first raises its open-file limit to the hard one. */
function startClients() {
  const script = path.join(repoRoot, 'infra/src/bench/realtime-clients.ts');
  const child = startChild(
    '/bin/sh',
    [
      '-c',
      'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
      process.execPath,
      '--import',
      'tsx',
      script,
    ],
    { name: 'bench-clients', cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const waiting = new Map<ClientsReport['type'], (report: ClientsReport) => void>();
  const listeners = new Set<(report: ClientsReport) => void>();
  child.on('message', (report: ClientsReport) => {
    for (const listener of listeners) listener(report);
    waiting.get(report.type)?.(report);
    waiting.delete(report.type);
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the socket clients' process exited (code ${String(code)})`);
  });
  exited.catch(() => undefined);
  return {
    child,
    listeners,
    send: (request: ClientsRequest) => child.send(request),
    /** The next report of `type`, or an error if the process exits first. */
    next<T extends ClientsReport['type']>(
      type: T,
      timeoutMs = 120_000,
    ): Promise<Extract<ClientsReport, { type: T }>> {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`the socket clients' process sent no "${type}" report in ${timeoutMs / 1000} s`),
            ),
          timeoutMs,
        );
      });
      return Promise.race([
        new Promise<Extract<ClientsReport, { type: T }>>((resolve) =>
          waiting.set(type, resolve as (report: ClientsReport) => void),
        ),
        exited,
        timedOut,
      ]).finally(() => clearTimeout(timer));
    },
  };
}

async function legacyJson<T>(response: Response): Promise<Legacy<T>> {
  const body = (await response.json()) as Legacy<T>;
  if (!response.ok || !body.success) throw new Error(body.message ?? `HTTP ${response.status}`);
  return body;
}

/** Each user's unread count before the row: its pushes carry this plus one per comment. */
async function unreadCounts(apiUrl: string, tokens: string[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let start = 0; start < tokens.length; start += 20) {
    await Promise.all(
      tokens.slice(start, start + 20).map(async (token, i) => {
        const response = await fetch(`${apiUrl}/api/user/msgrecent`, { headers: { 'x-user-token': token } });
        counts.set(start + i + 1, (await legacyJson<{ count: number }>(response)).data.count);
      }),
    );
  }
  return counts;
}

type NotifyQueue = ReturnType<typeof getQueue>;

/** The queue's jobs finished since `since` (ms since the epoch), asked newest first, 500 at a time. */
async function completedSince(queue: NotifyQueue, since: number) {
  const found: Awaited<ReturnType<NotifyQueue['getJobs']>> = [];
  for (let start = 0; ; start += 500) {
    const page = await queue.getJobs(['completed'], start, start + 499, false);
    for (const job of page) if ((job.finishedOn ?? 0) >= since) found.push(job);
    if (page.length < 500 || page.some((job) => (job.finishedOn ?? 0) < since)) return found;
  }
}

/**
 * Where a push's time goes, per comment, from BullMQ's own stamps of the row's `notify-comment`
 * jobs (added, started, finished) beside the comment's HTTP response and its first push: the queue
 * hop, the handler until the push arrived, the handler's whole run, and how long the API still
 * worked on the request after adding the job.
 */
async function notifyJobTimes(
  redisUrl: string,
  since: number,
  posts: readonly PostedComment[],
  firstArrivals: ReadonlyMap<PostedComment, number>,
): Promise<string> {
  const byComment = new Map(posts.filter((post) => post.commentId).map((post) => [post.commentId!, post]));
  // The queue's own keys, through BullMQ: on a Redis Cluster they carry the queue's hash tag.
  initEventBus({ redisUrl, prefix: process.env.REDIS_PREFIX });
  try {
    const jobs = await completedSince(getQueue(QueueName.Notify), since);
    const hops: number[] = [];
    const toPush: number[] = [];
    const runs: number[] = [];
    const afterAdd: number[] = [];
    for (const job of jobs) {
      if (job.name !== 'notify-comment' || !job.processedOn || !job.finishedOn) continue;
      const post = byComment.get((job.data as { payload?: { commentId?: number } }).payload?.commentId ?? 0);
      hops.push(job.processedOn - job.timestamp);
      runs.push(job.finishedOn - job.processedOn);
      if (!post) continue;
      afterAdd.push(post.respondedAt - job.timestamp);
      const pushed = firstArrivals.get(post);
      if (pushed !== undefined) toPush.push(pushed - job.processedOn);
    }
    const spread = (values: number[]) => {
      values.sort((a, b) => a - b);
      return `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`;
    };
    return (
      `${hops.length} notify-comment jobs waited on the queue ${spread(hops)}; from the job's start to its first ` +
      `push arriving ${spread(toPush)}; whole run ${spread(runs)}. The API answered the comment ${spread(afterAdd)} ` +
      `after adding the job`
    );
  } finally {
    await closeEventBus();
  }
}

/**
 * What one lookup by id costs in the collections the notify job reads and writes (FerretDB scans a
 * collection for each), timed from the bench once the row is over.
 */
async function lookupTimes(): Promise<string> {
  const timed = async (label: string, lookup: () => Promise<unknown>, count: () => Promise<number>) => {
    try {
      const rows = await count();
      const started = now();
      await lookup();
      return `${label} (${rows} rows) ${(now() - started).toFixed(0)} ms`;
    } catch (error) {
      return `${label} failed (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  const parts = [
    await timed(
      'job_runs',
      () => JobRun.exists({ _id: 'bench/none' }),
      () => JobRun.estimatedDocumentCount(),
    ),
    await timed(
      'messages',
      () => Message.findById(-1).lean(),
      () => Message.estimatedDocumentCount(),
    ),
    await timed(
      'comments',
      () => Comment.findById(-1).lean(),
      () => Comment.estimatedDocumentCount(),
    ),
  ];
  return `one lookup by id in ${parts.join(', ')}`;
}

export async function measureRealtime(
  setup: RealtimeSetup,
  options: BenchOptions,
): Promise<{ row: RowResult; target: Target; notes: string[] }> {
  const { sockets } = options;
  const users = Math.min(setup.tokens.length, setup.topics);
  const name = `realtime (${sockets} sockets)`;
  const notes: string[] = [];
  const apiLimit = treeOpenFileLimit(setup.apiPid);
  if (apiLimit < sockets + 200) {
    notes.push(
      `The API process may open ${apiLimit} files (\`ulimit -n\` of the shell that ran the bench); ` +
        `${sockets} sockets need about ${sockets + 200}: raise it (\`ulimit -n ${sockets + 1000}\`) and run again.`,
    );
    log(notes.at(-1)!);
  }
  const clients = startClients();
  try {
    const { openFiles } = await clients.next('limit');
    if (openFiles < sockets + 100) {
      notes.push(
        `The clients' process could raise its open-file limit only to ${openFiles} (the hard limit, \`ulimit -Hn\`); ` +
          `${sockets} sockets need about ${sockets + 100}.`,
      );
      log(notes.at(-1)!);
    }

    // The API is weighed before and after its sockets, each time after the process has settled.
    const rssBefore = await settledRssMb(setup.apiPid);
    const opening = bar(` opening sockets |{bar}| {value}/{total}`);
    opening.start(sockets, 0);
    const progress = (report: ClientsReport) => {
      if (report.type === 'progress') opening.update(report.connected + report.failed);
    };
    clients.listeners.add(progress);
    clients.send({
      type: 'open',
      url: setup.apiUrl,
      users: setup.tokens.slice(0, users).map((token, i) => ({ userId: i + 1, token })),
      sockets,
      batch: CONNECT_BATCH,
    });
    const opened = await clients.next('opened');
    clients.listeners.delete(progress);
    opening.stop();
    log(
      `${opened.connected} of ${sockets} sockets connected in ${opened.seconds.toFixed(1)} s` +
        (opened.refusals ? ` (${opened.refusals} handshakes refused as busy and made again)` : '') +
        (opened.failed ? `; ${opened.failed} failed (${opened.firstError})` : ''),
    );
    const rssAfter = await settledRssMb(setup.apiPid);

    const initialCounts = await unreadCounts(setup.apiUrl, setup.tokens.slice(0, users));
    const socketsOf = new Map<number, number>();
    for (let i = 0; i < opened.connected; i++)
      socketsOf.set(1 + (i % users), (socketsOf.get(1 + (i % users)) ?? 0) + 1);

    const limit = maxCommentRate(
      users,
      RateLimits['comment-create'].limit,
      RateLimits['comment-create'].windowSeconds,
    );
    const rate = Math.min(options.rate, limit);
    if (rate < options.rate)
      log(`${users} authors taking turns can post ${limit} comments a second: using ${rate}`);
    const total = rate * options.duration;
    clients.send({ type: 'watch' });
    const posts: PostedComment[] = [];
    const httpTimes: number[] = [];
    let failedPosts = 0;
    let firstFailure: string | undefined;
    const posting = bar(` ${name.padEnd(28)} |{bar}| {value}/{total} comments`);
    posting.start(total, 0);
    const started = now();
    const inFlight: Promise<void>[] = [];
    for (let k = 0; k < total; k++) {
      // Open loop: comment k leaves at its time whether or not the earlier ones were answered.
      const wait = started + (k * 1000) / rate - now();
      if (wait > 0) await sleep(wait);
      const plan = plannedComment(k, users, (userId, round) =>
        seededTopicOf(userId, round, users, setup.topics),
      );
      const sentAt = now();
      inFlight.push(
        fetch(`${setup.apiUrl}/api/comment/create`, {
          method: 'POST',
          // A comment not answered within a minute of the row's end fails: the row ends in bounded time.
          signal: AbortSignal.timeout(
            Math.max(1, Math.ceil(started + (options.duration + ANSWER_GRACE_SECONDS) * 1000 - now())),
          ),
          headers: { 'x-user-token': setup.tokens[plan.author - 1]! },
          body: new URLSearchParams({
            entityType: 'topic',
            entityId: String(plan.topicId),
            content: `实时推送测试：第 ${k + 1} 条评论，发往 ${plan.recipient} 号用户的话题。`,
          }),
        })
          .then((response) => legacyJson<{ commentId: number }>(response))
          .then(
            ({ data }) => {
              const respondedAt = now();
              httpTimes.push(respondedAt - sentAt);
              posts.push({
                recipient: plan.recipient,
                sentAt,
                respondedAt,
                ok: true,
                commentId: data.commentId,
              });
            },
            (error: unknown) => {
              failedPosts++;
              firstFailure ??= error instanceof Error ? error.message : String(error);
              posts.push({ recipient: plan.recipient, sentAt, respondedAt: now(), ok: false });
            },
          )
          .finally(() => posting.increment()),
      );
    }
    await Promise.all(inFlight);
    const postingSeconds = (now() - started) / 1000;
    posting.stop();

    // Late pushes still count: wait until every push due has come, none came for 10 s, or a minute passed.
    const waitedFrom = now();
    const due = posts
      .filter((post) => post.ok)
      .reduce((sum, post) => sum + (socketsOf.get(post.recipient) ?? 0), 0);
    let lastCount = -1;
    let lastChange = now();
    for (;;) {
      clients.send({ type: 'report', arrivals: false });
      const { received } = await clients.next('report');
      if (received >= due || now() - lastChange > 10_000 || now() - waitedFrom > PUSH_GRACE_SECONDS * 1000)
        break;
      if (received !== lastCount) {
        lastCount = received;
        lastChange = now();
      }
      await sleep(250);
    }
    clients.send({ type: 'report', arrivals: true });
    const report = await clients.next('report');
    const matched = pushLatencies(posts, report.arrivals, initialCounts, socketsOf);
    const breakdown = `Push path: ${await notifyJobTimes(setup.redisUrl, started, posts, matched.firstArrivals)}; ${await lookupTimes()}.`;
    httpTimes.sort((a, b) => a - b);
    const held = report.open;
    notes.push(
      `Realtime: ${sockets} sockets asked for, ${opened.connected} connected in ${opened.seconds.toFixed(1)} s` +
        (opened.failed ? ` (${opened.failed} failed: ${opened.firstError})` : '') +
        (opened.refusals ? `, ${opened.refusals} handshakes refused as busy and made again` : '') +
        `, ${held} still open after the row, ${report.dropped} dropped during it` +
        (report.firstDrop ? ` (${report.firstDrop})` : '') +
        `; ${posts.length - failedPosts} comments posted in ${postingSeconds.toFixed(1)} s (HTTP p50 ${percentile(httpTimes, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(httpTimes, 95).toFixed(1)} ms` +
        (failedPosts ? `, ${failedPosts} failed: ${firstFailure}` : '') +
        `); message:unread pushes expected ${matched.expected}, received ${matched.received}` +
        (matched.unexpected ? ` (+${matched.unexpected} unmatched)` : '') +
        `; API RSS ${rssBefore.toFixed(0)} MB before the sockets, ${rssAfter.toFixed(0)} MB with them: ` +
        `${(((rssAfter - rssBefore) * 1024) / Math.max(1, opened.connected)).toFixed(1)} KB a socket.`,
      breakdown,
    );
    const row: RowResult = {
      name,
      requestsPerSecond: (posts.length - failedPosts) / postingSeconds,
      p50: percentile(matched.latencies, 50),
      p95: percentile(matched.latencies, 95),
      p99: percentile(matched.latencies, 99),
      errors: failedPosts + (matched.expected - matched.received) + matched.unexpected,
      realtime: {
        sockets,
        connected: held,
        dropped: report.dropped,
        expected: matched.expected,
        received: matched.received,
      },
    };
    return { row, target: realtimeTarget(sockets), notes };
  } finally {
    if (clients.child.connected) {
      clients.send({ type: 'close' });
      await Promise.race([clients.next('closed').catch(() => undefined), sleep(10_000)]);
    }
    await stopChild(clients.child, 5000);
  }
}
