/**
 * Tells the web servers that rendered pages may be stale. Any projection (a write that changed what
 * lists or entities show) publishes on one Redis channel; each web server then drops its cache of
 * anonymous pages. Publishes are coalesced (at most one per 100 ms per process), so a burst of
 * projections, a rebuild included, costs a handful of messages.
 */
import { hasKv, kv, kvKey } from '../kv';

export const pageCacheChannel = () => kvKey('page-cache', 'invalidate');

const COALESCE_MS = 100;
let pending: NodeJS.Timeout | undefined;

export function invalidatePages(): void {
  if (pending) return;
  pending = setTimeout(() => {
    pending = undefined;
    // The client may have been released meanwhile (a process shutting down, a finished test file).
    if (!hasKv()) return;
    kv()
      .publish(pageCacheChannel(), String(Date.now()))
      .catch(() => undefined);
  }, COALESCE_MS);
  pending.unref();
}
