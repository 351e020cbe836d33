/**
 * socket.io on the API at /socket.io. The Redis adapter lets every API process share rooms, and the
 * worker reaches the same rooms through the Redis emitter. The handshake authenticates with the
 * same token as HTTP; a socket joins `user:<id>` when signed in and the public `topics` room.
 * A handshake from another site's page is refused (the CSRF guard's rules): the browser would send
 * the reader's cookie, and that page would read their live messages.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  SocketRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@forum/contracts';
import { readArticle, readTopic, userFromToken, type Logger, type Redis } from '@forum/core';
import { cookieValue } from '../context';
import { originOfHeaders } from '../http/csrf';

export type ForumIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export function attachRealtime(
  server: HttpServer,
  pub: Redis,
  sub: Redis,
  log: Logger,
  prefix = '',
): ForumIo {
  const io: ForumIo = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Our pages and BASE_URL's, or no origin at all (apps and scripts, which carry no cookie of ours).
    allowRequest: (req, callback) => callback(null, originOfHeaders(req.headers) !== 'foreign'),
  });
  io.adapter(createAdapter(pub, sub, { key: `${prefix}socket.io` }));
  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token =
        (typeof auth?.token === 'string' ? auth.token : undefined) ??
        (typeof socket.handshake.headers['x-user-token'] === 'string'
          ? socket.handshake.headers['x-user-token']
          : undefined) ??
        cookieValue(socket.handshake.headers.cookie, 'userToken');
      const user = await userFromToken(token);
      socket.data.userId = user?._id ?? null;
      next();
    } catch (error) {
      log.warn({ err: error }, 'socket handshake failed');
      next(new Error('unauthorized'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join(SocketRoom.topics);
    if (socket.data.userId) void socket.join(SocketRoom.user(socket.data.userId));
    // Shown topics and articles are public, so any socket may follow one of them.
    socket.on('entity:watch', (target) => {
      const room = entityRoom(target);
      if (!room) return;
      shownEntity(room.entityType, room.entityId).then(
        (shown) => shown && socket.join(room.name),
        (error: unknown) => log.warn({ err: error }, 'socket watch failed'),
      );
    });
    socket.on('entity:unwatch', (target) => {
      const room = entityRoom(target);
      if (room) void socket.leave(room.name);
    });
  });
  return io;
}

interface EntityRoom {
  entityType: 'topic' | 'article';
  entityId: number;
  name: string;
}

function entityRoom(target: unknown): EntityRoom | null {
  if (!target || typeof target !== 'object') return null;
  const { entityType, entityId } = target as { entityType?: unknown; entityId?: unknown };
  if (entityType !== 'topic' && entityType !== 'article') return null;
  if (typeof entityId !== 'number' || !Number.isSafeInteger(entityId) || entityId <= 0) return null;
  return { entityType, entityId, name: SocketRoom.entity(entityType, entityId) };
}

/** Whether everyone may read the topic or article (pending and deleted ones are not followed). */
async function shownEntity(entityType: 'topic' | 'article', entityId: number): Promise<boolean> {
  const doc = entityType === 'topic' ? await readTopic(entityId) : await readArticle(entityId);
  return doc?.status === 0;
}
