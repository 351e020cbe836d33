/**
 * One socket.io connection per browser tab, to the API through the page's own origin (the web
 * server proxies /socket.io). The handshake carries the HttpOnly `userToken` cookie, so the server
 * knows the reader without the page ever seeing the token; when the reader signs in or out the
 * socket connects again as the new reader. Pages subscribe with the hooks below.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLatest } from '~/lib/use-latest';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@forum/contracts';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The first wait before asking again after a refused handshake, and the longest. */
const REFUSED_RETRY_MS = { first: 1_000, longest: 30_000 };

/**
 * The wait before the `attempt`-th new try after the server refused the handshake: doubling from
 * one second up to thirty, each spread over half to one and a half times itself, so the tabs a busy
 * API refused together (a burst of reconnections after a restart) do not all come back together.
 */
export function refusedRetryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(REFUSED_RETRY_MS.longest, REFUSED_RETRY_MS.first * 2 ** attempt);
  return Math.round(base * (0.5 + random()));
}

/**
 * socket.io gives up on a handshake the server refused (the API was busy: it takes a handshake only
 * while it has a free place), where it retries a lost connection by itself; this asks again after
 * `refusedRetryDelay`, until connected. Returns what stops it.
 */
function retryRefusedHandshakes(socket: LiveSocket): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refused = () => {
    // `active` stays true while socket.io reconnects by itself (a network failure).
    if (socket.active) return;
    clearTimeout(timer);
    timer = setTimeout(() => socket.connect(), refusedRetryDelay(attempt++));
  };
  const connected = () => {
    attempt = 0;
  };
  socket.on('connect_error', refused);
  socket.on('connect', connected);
  return () => {
    clearTimeout(timer);
    socket.off('connect_error', refused);
    socket.off('connect', connected);
  };
}

const LiveContext = createContext<LiveSocket | null>(null);

export function LiveProvider({
  readerId,
  waiting = false,
  children,
}: {
  readerId: number | null;
  /** The reader is not known yet (a shared render being filled in): connect once they are. */
  waiting?: boolean;
  children: ReactNode;
}) {
  const [socket, setSocket] = useState<LiveSocket | null>(null);
  useEffect(() => {
    if (waiting) return;
    // The client library is loaded after hydration, not with the page: it is not needed to read.
    let next: LiveSocket | undefined;
    let stopRetrying: (() => void) | undefined;
    let cancelled = false;
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      next = io({ path: '/socket.io', transports: ['websocket'] });
      stopRetrying = retryRefusedHandshakes(next);
      setSocket(next);
      // Tests (and curious operators) can reach the tab's socket from the console.
      (window as { __forumSocket?: LiveSocket }).__forumSocket = next;
    });
    return () => {
      cancelled = true;
      stopRetrying?.();
      next?.disconnect();
      setSocket(null);
    };
  }, [readerId, waiting]);
  return <LiveContext.Provider value={socket}>{children}</LiveContext.Provider>;
}

/** Calls `handler` for every `event` the server pushes to this tab. */
export function useLiveEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const socket = useContext(LiveContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!socket) return;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: unknown[]) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event, latest]);
}

/**
 * Calls `handler` whenever the socket is connected again after it was lost (network gone, laptop
 * asleep, API restarted): what was pushed meanwhile never arrived, so pages read it again over HTTP.
 * `onConnect` also runs on the first connection (to join rooms).
 */
export function useLiveConnection(handlers: { onConnect?(): void; onReconnect?(): void }): void {
  const socket = useContext(LiveContext);
  const latest = useLatest(handlers);
  useEffect(() => {
    if (!socket) return;
    let connectedBefore = false;
    const connected = () => {
      latest.current.onConnect?.();
      if (connectedBefore) latest.current.onReconnect?.();
      connectedBefore = true;
    };
    if (socket.connected) connected();
    socket.on('connect', connected);
    return () => {
      socket.off('connect', connected);
    };
  }, [socket, latest]);
}

/** Receives `comment:new` for one topic or article while mounted (joined again on every connection). */
export function useWatchEntity(entityType: 'topic' | 'article', entityId: number): void {
  const socket = useContext(LiveContext);
  useEffect(() => {
    if (!socket) return;
    const watch = () => socket.emit('entity:watch', { entityType, entityId });
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
      if (socket.connected) socket.emit('entity:unwatch', { entityType, entityId });
    };
  }, [socket, entityType, entityId]);
}
