/**
 * Live pushes to browsers (ARCHITECTURE.md "Realtime"). Core code says what happened through
 * `pushLive`; each process sets where it goes: the API its socket.io server (shared with every API
 * process through the Redis adapter), the worker the Redis emitter. Both expose `to(room).emit`, so
 * a push reads the same wherever it runs. A process that set nothing pushes nothing: pushes are a
 * courtesy to open pages, never the truth (clients re-read over HTTP when they reconnect).
 */
import type { ServerToClientEvents } from '@forum/contracts';

export type LiveEvent = keyof ServerToClientEvents;
export type LivePayload<E extends LiveEvent> = Parameters<ServerToClientEvents[E]>[0];

/** What a socket.io `Server` and a `@socket.io/redis-emitter` `Emitter` have in common. */
export interface LivePublisher {
  to(room: string | string[]): { emit(event: string, ...args: unknown[]): unknown };
}

let publisher: LivePublisher | null = null;

export function setLivePublisher(next: LivePublisher | null): void {
  publisher = next;
}

/** Sends `event` to every socket in `room`, in every API process. */
export function pushLive<E extends LiveEvent>(room: string, event: E, payload: LivePayload<E>): void {
  publisher?.to(room).emit(event, payload);
}
