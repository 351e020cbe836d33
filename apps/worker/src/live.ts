/**
 * Where the worker's live pushes go (`pushLive`): the sockets of every API process. On one Redis the
 * Redis emitter publishes what the API processes' classic adapter receives. On a Redis Cluster the
 * API processes use the sharded adapter, which the emitter cannot speak: the worker then holds a
 * socket.io server that listens on no port, with the same sharded adapter, and its `to(room).emit`
 * reaches the other processes' sockets through SPUBLISH like any API process's would.
 */
import { Server } from 'socket.io';
import { Emitter } from '@socket.io/redis-emitter';
import {
  createLiveClients,
  isCluster,
  liveAdapter,
  liveChannel,
  type LivePublisher,
  type Redis,
} from '@forum/core';

export interface WorkerLive {
  publisher: LivePublisher;
  close(): Promise<void>;
}

export function createWorkerLive(address: string, kvClient: Redis, prefix: string): WorkerLive {
  if (!isCluster(kvClient)) {
    return {
      publisher: new Emitter(kvClient, { key: liveChannel(prefix) }),
      close: async () => undefined,
    };
  }
  const { pub, sub } = createLiveClients(address);
  const io = new Server();
  io.adapter(liveAdapter(pub, sub, prefix));
  return {
    publisher: io,
    close: async () => {
      // `io.close()` would close an engine this server never had: only its adapter is open.
      await io.of('/').adapter.close();
      await Promise.all([pub, sub].map((client) => client.quit().catch(() => undefined)));
    },
  };
}
