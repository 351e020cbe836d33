/**
 * socket.io on the API at /socket.io. The Redis adapter lets every API process share rooms, and the
 * worker reaches the same rooms through the Redis emitter. The handshake authenticates with the
 * same token as HTTP; a socket joins `user:<id>` when signed in and the public `topics` room.
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
import { userFromToken, type Logger, type Redis } from '@forum/core';
import { cookieValue } from '../context';

export type ForumIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export function attachRealtime(
  server: HttpServer,
  pub: Redis,
  sub: Redis,
  log: Logger,
  prefix = '',
): ForumIo {
  const io: ForumIo = new Server(server, { path: '/socket.io', serveClient: false });
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
    // Topics and articles are public, so any socket may follow one of them; ids are checked.
    socket.on('entity:watch', (target) => {
      const room = entityRoom(target);
      if (room) void socket.join(room);
    });
    socket.on('entity:unwatch', (target) => {
      const room = entityRoom(target);
      if (room) void socket.leave(room);
    });
  });
  return io;
}

function entityRoom(target: unknown): string | null {
  if (!target || typeof target !== 'object') return null;
  const { entityType, entityId } = target as { entityType?: unknown; entityId?: unknown };
  if (entityType !== 'topic' && entityType !== 'article') return null;
  if (typeof entityId !== 'number' || !Number.isSafeInteger(entityId) || entityId <= 0) return null;
  return SocketRoom.entity(entityType, entityId);
}
