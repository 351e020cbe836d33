/**
 * After a deploy, an open tab may ask for script chunks that no longer exist. Reloading fetches the
 * new build; the guard stops a reload loop when the failure is something else.
 */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_KEY = 'forum.chunk-reload-at';

const CHUNK_ERROR =
  /Loading chunk [\w-]+ failed|Loading CSS chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown): boolean {
  if (reason == null) return false;
  const error = reason as { name?: unknown; message?: unknown };
  if (error.name === 'ChunkLoadError') return true;
  const message =
    typeof reason === 'string' ? reason : typeof error.message === 'string' ? error.message : '';
  return CHUNK_ERROR.test(message);
}

/** True when no chunk reload happened within the guard window. */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}

function reloadOnce(): void {
  const now = Date.now();
  let last: number | null = null;
  try {
    const stored = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    last = Number.isFinite(stored) && stored > 0 ? stored : null;
    if (!mayReload(last, now)) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Without storage there is no loop guard, so do not risk reloading forever.
    return;
  }
  window.location.reload();
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  window.addEventListener('error', (event) => {
    if (isChunkLoadError(event.error ?? event.message)) reloadOnce();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadOnce();
  });
}
