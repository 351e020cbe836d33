/**
 * Live pushes to browsers (docs/events-and-jobs.md "Live updates"). Core code says what happened through
 * `pushLive`; each process sets where it goes: the API its socket.io server (shared with every API
 * process through the Redis adapter), the worker the Redis emitter. Both expose `to(room).emit`, so
 * a push reads the same wherever it runs. A process that set nothing pushes nothing: pushes are a
 * courtesy to open pages, never the truth (clients re-read over HTTP when they reconnect).
 */
import type { ServerToClientEvents } from '@forum/contracts';

export type LiveEvent = keyof ServerToClientEvents;
export type LivePayload<E extends LiveEvent> = Parameters<ServerToClientEvents[E]>[0];

/** A set of sockets (in every API process) chosen by room. */
export interface LiveRooms {
  emit(event: string, ...args: unknown[]): unknown;
  except(room: string | string[]): LiveRooms;
  disconnectSockets(close?: boolean): unknown;
}

/** What a socket.io `Server` and a `@socket.io/redis-emitter` `Emitter` have in common. */
export interface LivePublisher {
  to(room: string | string[]): LiveRooms;
}

let publisher: LivePublisher | null = null;

export function setLivePublisher(next: LivePublisher | null): void {
  publisher = next;
}

/** Sends `event` to every socket in `room`, in every API process. */
export function pushLive<E extends LiveEvent>(room: string, event: E, payload: LivePayload<E>): void {
  publisher?.to(room).emit(event, payload);
}

/**
 * Disconnects every socket in `room` but those in `except`, in every API process: the sockets of
 * sessions that ended (signed out, signed out everywhere, a changed password), which would
 * otherwise keep their rooms and go on receiving the user's pushes.
 */
export function disconnectLive(room: string, except?: string): void {
  const rooms = publisher?.to(room);
  (except ? rooms?.except(except) : rooms)?.disconnectSockets(true);
}

export { createLiveClients, liveAdapter, liveChannel } from './adapter';
