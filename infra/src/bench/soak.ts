/**
 * `npm run bench -- --soak`: simulated users on a running site — each holds a socket.io connection
 * and, with think time between, reads the topic list and topics, comments, likes and posts topics
 * (within the site's rate limits, as people do) — for a while. Reports errors (503s from load
 * shedding apart: they are the site protecting itself, and clients retry them), p95 per action,
 * each process's memory growth, and how long the API takes to answer promptly again once the load
 * stops. `npm run chaos` drives the same users.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { Texts } from '@forum/contracts';
import { percentile } from './report';
import { treeRssMb } from './proc';

export type Action = 'list' | 'topic' | 'comment' | 'like' | 'post';
const actions: Action[] = ['list', 'topic', 'comment', 'like', 'post'];

export interface SimulatedUser {
  token: string;
}

export interface Outcome {
  action: Action;
  ms: number;
  kind: 'ok' | 'shed' | 'error';
  detail?: string;
  /** What a successful write created (topic id, comment id, or the liked topic's id). */
  id?: number;
}

interface Legacy {
  success: boolean;
  message?: string;
  data?: { id?: number; topicId?: number; commentId?: number } | null;
}

/** One request of an action: 503 is "shed", any other failure (status, envelope, network) "error". */
export async function act(
  apiUrl: string,
  token: string,
  action: Action,
  target: number,
  n: number,
): Promise<Outcome> {
  const started = performance.now();
  const headers = { 'x-user-token': token };
  const post = (path: string, form: Record<string, string>) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(30_000),
    });
  try {
    const response = await {
      list: () => fetch(`${apiUrl}/api/topic/topics`, { headers, signal: AbortSignal.timeout(30_000) }),
      topic: () => fetch(`${apiUrl}/api/topic/${target}`, { headers, signal: AbortSignal.timeout(30_000) }),
      comment: () =>
        post('/api/comment/create', {
          entityType: 'topic',
          entityId: String(target),
          content: `压力测试评论 ${n}`,
        }),
      like: () => post(`/api/topic/like/${target}`, {}),
      post: () =>
        post('/api/topic/create', { type: '1', nodeId: '0', title: '', content: `压力测试动态 ${n}` }),
    }[action]();
    const ms = performance.now() - started;
    if (response.status === 503) return { action, ms, kind: 'shed' };
    const body = (await response.json().catch(() => null)) as Legacy | null;
    // A like of a topic liked before is refused by design ("已点赞"), which is no fault.
    if (response.ok && (body?.success || body?.message === Texts.likes.already)) {
      const data = body?.data;
      const id = action === 'like' ? target : (data?.topicId ?? data?.commentId ?? data?.id);
      return {
        action,
        ms,
        kind: 'ok',
        ...(body?.success && id !== undefined ? { id } : {}),
        ...(body?.success ? {} : { detail: body?.message }),
      };
    }
    return { action, ms, kind: 'error', detail: `${response.status} ${body?.message ?? ''}`.trim() };
  } catch (error) {
    return { action, ms: performance.now() - started, kind: 'error', detail: (error as Error).message };
  }
}

/**
 * One user's session: actions drawn by weight, 1–3 s apart, a comment at most every 8 s and a post
 * at most every 70 s (the site allows 10 comments a minute and 10 topics in 10 minutes).
 */
export async function userSession(
  apiUrl: string,
  user: SimulatedUser,
  topicIds: () => number[],
  until: number,
  record: (outcome: Outcome) => void,
  options: { socket: boolean; thinkMs: [number, number] } = { socket: true, thinkMs: [1000, 3000] },
): Promise<void> {
  let socket: Socket | undefined;
  if (options.socket) {
    socket = io(apiUrl, { transports: ['websocket'], auth: { token: user.token }, reconnection: true });
    socket.on('connect_error', () => undefined);
  }
  let lastComment = 0;
  let lastPost = 0;
  let n = 0;
  const [minThink, maxThink] = options.thinkMs;
  // Users arrive over the first think time, not all in one instant.
  await sleep(Math.random() * maxThink);
  while (Date.now() < until) {
    const roll = Math.random();
    let action: Action =
      roll < 0.45 ? 'list' : roll < 0.75 ? 'topic' : roll < 0.87 ? 'comment' : roll < 0.96 ? 'like' : 'post';
    if (action === 'comment' && Date.now() - lastComment < 8000) action = 'topic';
    if (action === 'post' && Date.now() - lastPost < 70_000) action = 'list';
    if (action === 'comment') lastComment = Date.now();
    if (action === 'post') lastPost = Date.now();
    const ids = topicIds();
    const target = ids[Math.floor(Math.random() * ids.length)] ?? 1;
    record(await act(apiUrl, user.token, action, target, n++));
    await sleep(minThink + Math.random() * (maxThink - minThink));
  }
  socket?.close();
}

/** Seconds until the API answers the topic list promptly (under 500 ms) three times in a row. */
export async function timeToRecover(apiUrl: string, limitSeconds = 120): Promise<number> {
  const started = performance.now();
  let good = 0;
  while (good < 3 && performance.now() - started < limitSeconds * 1000) {
    const t0 = performance.now();
    const ok = await fetch(`${apiUrl}/api/topic/topics`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    good = ok && performance.now() - t0 < 500 ? good + 1 : 0;
    if (good < 3) await sleep(100);
  }
  return (performance.now() - started) / 1000;
}

export interface SoakSetup {
  apiUrl: string;
  tokens: string[];
  topicIds: number[];
  /** The site's processes now (a supervised part restarted has a new pid). */
  pids(): Record<string, number>;
}

/** Runs the soak and returns the report's lines. */
export async function runSoak(
  setup: SoakSetup,
  options: { users: number; seconds: number },
  log: (line: string) => void,
): Promise<string[]> {
  const outcomes: Outcome[] = [];
  const topics = [...setup.topicIds];
  const record = (outcome: Outcome) => {
    outcomes.push(outcome);
    if (outcome.kind === 'ok' && outcome.action === 'post' && outcome.id) topics.push(outcome.id);
  };
  // Memory at the start and after each quarter: a leak keeps growing to the end, while caches,
  // pools and the heap's own sizing level off once the load is steady.
  const rssNow = () =>
    Object.fromEntries(Object.entries(setup.pids()).map(([name, pid]) => [name, treeRssMb(pid)]));
  const rssSamples = [rssNow()];
  const until = Date.now() + options.seconds * 1000;
  const quarters = [1, 2, 3].map((quarter) =>
    setTimeout(() => rssSamples.push(rssNow()), (options.seconds * 1000 * quarter) / 4),
  );
  const progress = setInterval(() => {
    const left = Math.max(0, Math.round((until - Date.now()) / 1000));
    const shed = outcomes.filter((o) => o.kind === 'shed').length;
    const errors = outcomes.filter((o) => o.kind === 'error').length;
    log(`soak: ${outcomes.length} requests, ${errors} errors, ${shed} shed; ${left} s left`);
  }, 10_000);
  await Promise.all(
    Array.from({ length: options.users }, (_, i) =>
      userSession(
        setup.apiUrl,
        { token: setup.tokens[i % setup.tokens.length]! },
        () => topics,
        until,
        record,
      ),
    ),
  );
  clearInterval(progress);
  for (const timer of quarters) clearTimeout(timer);
  rssSamples.push(rssNow());
  const recoverySeconds = await timeToRecover(setup.apiUrl);

  const lines = [
    `Soak: ${options.users} simulated users (each with a socket.io connection) for ${options.seconds} s; ` +
      `${outcomes.length} requests.`,
    '',
    '| action | requests | errors | shed (503) | p95 ms |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const action of actions) {
    const mine = outcomes.filter((o) => o.action === action);
    const answered = mine
      .filter((o) => o.kind === 'ok')
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    lines.push(
      `| ${action} | ${mine.length} | ${mine.filter((o) => o.kind === 'error').length} | ` +
        `${mine.filter((o) => o.kind === 'shed').length} | ${percentile(answered, 95).toFixed(0)} |`,
    );
  }
  const errors = outcomes.filter((o) => o.kind === 'error');
  const kinds = new Map<string, number>();
  for (const error of errors)
    kinds.set(`${error.action}: ${error.detail}`, (kinds.get(`${error.action}: ${error.detail}`) ?? 0) + 1);
  lines.push(
    '',
    `Errors: ${errors.length}${errors.length ? ` (${[...kinds].map(([k, v]) => `${v}× ${k}`).join('; ')})` : ''}. ` +
      `Shed with 503 + Retry-After: ${outcomes.filter((o) => o.kind === 'shed').length} (the API's load shedding; clients retry them).`,
    `Memory (RSS, MB, at the start and after each quarter of the run): ${Object.keys(rssSamples.at(-1)!)
      .map((name) => `${name} ${rssSamples.map((sample) => sample[name]?.toFixed(0) ?? '?').join(' → ')}`)
      .join('; ')}.`,
    `Recovery: the API answered promptly again ${recoverySeconds.toFixed(1)} s after the load stopped.`,
  );
  return lines;
}
