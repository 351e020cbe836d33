/**
 * The socket.io clients of the bench's realtime row, in a process of their own: started through a
 * shell that raises its open-file limit, and kept off the bench process that posts and times the
 * comments. Driven over IPC (`ClientsRequest` in, `ClientsReport` out); every push is stamped with
 * the wall clock the bench also stamps HTTP responses with.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '@forum/contracts';
import type { Arrival } from './report';

export type ClientsRequest =
  | { type: 'open'; url: string; users: { userId: number; token: string }[]; sockets: number; batch: number }
  | { type: 'watch' }
  /** Counts so far; the pushes themselves only when `arrivals` is set (they are many). */
  | { type: 'report'; arrivals: boolean }
  | { type: 'close' };

export type ClientsReport =
  | { type: 'limit'; openFiles: number }
  | { type: 'progress'; connected: number; failed: number }
  | {
      type: 'opened';
      connected: number;
      failed: number;
      /** Handshakes the API refused as busy and the socket made again, as a tab does. */
      refusals: number;
      firstError?: string;
      seconds: number;
    }
  | {
      type: 'report';
      received: number;
      arrivals: Arrival[];
      dropped: number;
      open: number;
      firstDrop?: string;
    }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const send = (report: ClientsReport) => process.send?.(report);

/** The soft "Max open files" of this process, which bounds how many sockets it can open. */
function openFileLimit(): number {
  const line = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return line?.[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(line?.[1] ?? 0);
}

const sockets: Socket<ServerToClientEvents>[] = [];
const arrivals: Arrival[] = [];
let watching = false;
let dropped = 0;
let firstDrop: string | undefined;

/**
 * Client addresses on the loopback network (all of 127.0.0.0/8 reaches this machine), so that the
 * sockets of the row come from as many addresses as the API's per-address limit needs: 20 a process
 * (`defaultSocketLimits`), where real readers come from an address each.
 */
const CLIENT_ADDRESSES = 200;
const clientAddress = (index: number) => `127.0.1.${1 + (index % CLIENT_ADDRESSES)}`;

/** Attempts at a handshake the API refuses as busy, before the socket counts as failed. */
const BUSY_ATTEMPTS = 8;
let refusals = 0;

/** As the web app's tab does (LiveProvider): 0.5–1.5 s, doubling. */
const busyWait = (attempt: number) =>
  new Promise((resolve) =>
    setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random())),
  );

async function connect(url: string, userId: number, token: string, index: number): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const error = await connectOnce(url, userId, token, index);
    if (error !== 'busy' || attempt + 1 >= BUSY_ATTEMPTS) return error;
    refusals++;
    await busyWait(attempt);
  }
}

function connectOnce(url: string, userId: number, token: string, index: number): Promise<string | null> {
  // Handed to the `ws` socket in Node (engine.io-client passes it on); not in socket.io-client's types.
  const fromAddress: { localAddress: string } = { localAddress: clientAddress(index) };
  return new Promise((resolve) => {
    const socket: Socket<ServerToClientEvents> = io(url, {
      ...fromAddress,
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      // A socket that drops stays dropped: the row counts it, and a reconnect would hide it.
      reconnection: false,
      timeout: 60_000,
    });
    socket.once('connect', () => {
      sockets.push(socket);
      resolve(null);
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
    socket.on('message:unread', ({ count }) => arrivals.push({ socket: index, userId, count, at: now() }));
    socket.on('disconnect', (reason) => {
      if (!watching) return;
      dropped++;
      firstDrop ??= reason;
    });
  });
}

async function open(request: Extract<ClientsRequest, { type: 'open' }>): Promise<void> {
  const started = now();
  let connected = 0;
  let failed = 0;
  let firstError: string | undefined;
  // Socket i belongs to user i mod users, so every user has the same number of sockets (± 1).
  for (let start = 0; start < request.sockets; start += request.batch) {
    const batch: Promise<string | null>[] = [];
    for (let i = start; i < Math.min(request.sockets, start + request.batch); i++) {
      const user = request.users[i % request.users.length]!;
      batch.push(connect(request.url, user.userId, user.token, i));
    }
    for (const error of await Promise.all(batch)) {
      if (error === null) connected++;
      else {
        failed++;
        firstError ??= error;
      }
    }
    send({ type: 'progress', connected, failed });
  }
  send({ type: 'opened', connected, failed, refusals, firstError, seconds: (now() - started) / 1000 });
}

process.on('message', (request: ClientsRequest) => {
  if (request.type === 'open') void open(request);
  else if (request.type === 'watch') {
    watching = true;
    arrivals.length = 0;
  } else if (request.type === 'report') {
    const open = sockets.filter((socket) => socket.connected).length;
    send({
      type: 'report',
      received: arrivals.length,
      arrivals: request.arrivals ? arrivals : [],
      dropped,
      open,
      firstDrop,
    });
  } else if (request.type === 'close') {
    watching = false;
    for (const socket of sockets) socket.close();
    send({ type: 'closed' });
    setTimeout(() => process.exit(0), 100);
  }
});
// The bench went away (interrupted, or failed): nothing is left holding sockets.
process.on('disconnect', () => process.exit(0));
send({ type: 'limit', openFiles: openFileLimit() });
