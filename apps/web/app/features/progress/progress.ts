/** Timing of the navigation progress bar (docs/architecture.md "Web"). */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const PROGRESS_TICK_MS = 100;
export const PROGRESS_FADE_MS = 400;

/** One tick of growth: the bar crosses the page in DURATION, then waits just short of the end. */
export function nextPercent(percent: number): number {
  return Math.min(99, percent + (100 * PROGRESS_TICK_MS) / PROGRESS_DURATION_MS);
}

type Listener = () => void;
const failureListeners = new Set<Listener>();

/** Error pages call this so the bar that brought the reader there finishes in red. */
export function reportNavigationFailure(): void {
  failureListeners.forEach((listener) => listener());
}

export function onNavigationFailure(listener: Listener): () => void {
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
}
