/**
 * socket.io on the API at /socket.io. The Redis adapter lets every API process share rooms, and the
 * worker reaches the same rooms (the Redis emitter on one Redis, the sharded adapter on a cluster). The handshake authenticates with the
 * same token as HTTP; a socket joins `user:<id>` and its session's room when signed in, and the
 * public `topics` room. A handshake from another site's page is refused (the CSRF guard's rules):
 * the browser would send the reader's cookie, and that page would read their live messages.
 *
 * What one client may cost is bounded (`SocketLimits`): sockets per client address, events per
 * socket (a token bucket; a socket that keeps flooding is disconnected), rooms a socket watches.
 * Handshakes and watch lookups take a slot of the load shedder like requests do, and a watch is
 * checked against the read model's list of shown topics or articles: no database read and no key
 * written, whatever ids a client sends.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import proxyaddr from 'proxy-addr';
import { Server, type Socket } from 'socket.io';
import {
  SocketRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@forum/contracts';
import {
  isShownArticle,
  isShownTopic,
  liveAdapter,
  sessionRoomOf,
  userFromToken,
  type Logger,
  type Redis,
} from '@forum/core';
import { cookieValue } from '../context';
import { originOfHeaders } from '../http/csrf';
import type { LoadShedder } from '../http/load-shedding';

export type ForumIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type ForumSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketLimits {
  /** Sockets one client address may hold open on one API process. */
  perAddress: number;
  /** Events a socket may send at once, and per second after that (a token bucket). */
  eventBurst: number;
  eventsPerSecond: number;
  /** Events dropped for the rate before the socket is disconnected. */
  droppedBeforeDisconnect: number;
  /** Topics and articles one socket watches at once; a new one beyond replaces the oldest. */
  watched: number;
}

/** A tab holds one socket and watches the page it shows; these leave room for many tabs. */
export const defaultSocketLimits: SocketLimits = {
  perAddress: 20,
  eventBurst: 20,
  eventsPerSecond: 5,
  droppedBeforeDisconnect: 200,
  watched: 10,
};

export interface RealtimeOptions {
  /** Handshakes and watch lookups take one of its slots, or are refused when the process is busy. */
  shedder?: LoadShedder;
  /** The peers whose X-Forwarded-For names the client (TRUST_PROXY), as for HTTP requests. */
  trustProxy?: string;
  limits?: Partial<SocketLimits>;
}

export function attachRealtime(
  server: HttpServer,
  pub: Redis,
  sub: Redis,
  log: Logger,
  prefix = '',
  options: RealtimeOptions = {},
): ForumIo {
  const limits = { ...defaultSocketLimits, ...options.limits };
  const addressOf = clientAddress(options.trustProxy ?? 'loopback');
  const perAddress = new Map<string, number>();
  const io: ForumIo = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Our pages and BASE_URL's, or no origin at all (apps and scripts, which carry no cookie of ours),
    // and not more sockets from one address than the limit.
    allowRequest: (req, callback) =>
      callback(
        null,
        originOfHeaders(req.headers) !== 'foreign' &&
          (perAddress.get(addressOf(req)) ?? 0) < limits.perAddress,
      ),
  });
  // Sharded (SSUBSCRIBE) on a Redis Cluster, classic on one Redis.
  io.adapter(liveAdapter(pub, sub, prefix));
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- it catches every failure and answers through next()
  io.use(async (socket, next) => {
    const release = options.shedder?.admit();
    if (options.shedder && !release) return next(new Error('busy'));
    try {
      const token = tokenOf(socket);
      const user = await userFromToken(token);
      socket.data.userId = user?._id ?? null;
      socket.data.session = user && token ? sessionRoomOf(token) : null;
      next();
    } catch (error) {
      log.warn({ err: error }, 'socket handshake failed');
      next(new Error('unauthorized'));
    } finally {
      release?.();
    }
  });
  io.on('connection', (socket) => {
    const address = addressOf(socket.request);
    const count = (perAddress.get(address) ?? 0) + 1;
    perAddress.set(address, count);
    socket.once('disconnect', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    // Handshakes of one address that raced past the check together.
    if (count > limits.perAddress) return void socket.disconnect(true);

    void socket.join(SocketRoom.topics);
    const { userId, session } = socket.data;
    if (userId && session) {
      void socket.join([SocketRoom.user(userId), session]);
      // A session that ended between the handshake and these joins missed its disconnect: ask again.
      userFromToken(tokenOf(socket)).then(
        (user) => user?._id === userId || socket.disconnect(true),
        () => undefined,
      );
    }
    limitEvents(socket, limits);
    watchEntities(socket, limits, options.shedder, log);
  });
  return io;
}

/** The token of a handshake: `auth.token`, the X-User-Token header, or the userToken cookie. */
function tokenOf(socket: ForumSocket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string') return auth.token;
  const header = socket.handshake.headers['x-user-token'];
  if (typeof header === 'string') return header;
  return cookieValue(socket.handshake.headers.cookie, 'userToken');
}

/** The client's address as Express tells it for a request (`req.ip` under the same TRUST_PROXY). */
function clientAddress(trustProxy: string): (req: IncomingMessage) => string {
  const trust = proxyaddr.compile(
    trustProxy
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
  return (req) => proxyaddr(req, trust);
}

/**
 * A token bucket per socket: `eventBurst` events at once, `eventsPerSecond` after that. Events
 * beyond are dropped before any handler sees them; a socket that keeps sending them is closed.
 */
function limitEvents(socket: ForumSocket, limits: SocketLimits): void {
  let tokens = limits.eventBurst;
  let refilledAt = Date.now();
  let dropped = 0;
  socket.use((_event, next) => {
    const now = Date.now();
    tokens = Math.min(limits.eventBurst, tokens + ((now - refilledAt) / 1000) * limits.eventsPerSecond);
    refilledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      return next();
    }
    if (++dropped > limits.droppedBeforeDisconnect) socket.disconnect(true);
  });
}

interface EntityRoom {
  entityType: 'topic' | 'article';
  entityId: number;
  name: string;
}

/** Shown topics and articles are public, so any socket may follow a few of them. */
function watchEntities(
  socket: ForumSocket,
  limits: SocketLimits,
  shedder: LoadShedder | undefined,
  log: Logger,
): void {
  // The rooms watched, oldest first.
  const watched: string[] = [];
  const forget = (name: string) => {
    const index = watched.indexOf(name);
    if (index >= 0) watched.splice(index, 1);
  };
  socket.on('entity:watch', (target) => {
    const room = entityRoom(target);
    if (!room || watched.includes(room.name)) return;
    const release = shedder?.admit();
    if (shedder && !release) return;
    const shown = room.entityType === 'topic' ? isShownTopic(room.entityId) : isShownArticle(room.entityId);
    shown
      .then(
        (yes) => {
          if (!yes || !socket.connected || watched.includes(room.name)) return;
          while (watched.length >= limits.watched) void socket.leave(watched.shift()!);
          watched.push(room.name);
          void socket.join(room.name);
        },
        (error: unknown) => log.warn({ err: error }, 'socket watch failed'),
      )
      .finally(() => release?.());
  });
  socket.on('entity:unwatch', (target) => {
    const room = entityRoom(target);
    if (!room) return;
    forget(room.name);
    void socket.leave(room.name);
  });
}

function entityRoom(target: unknown): EntityRoom | null {
  if (!target || typeof target !== 'object') return null;
  const { entityType, entityId } = target as { entityType?: unknown; entityId?: unknown };
  if (entityType !== 'topic' && entityType !== 'article') return null;
  if (typeof entityId !== 'number' || !Number.isSafeInteger(entityId) || entityId <= 0) return null;
  return { entityType, entityId, name: SocketRoom.entity(entityType, entityId) };
}
