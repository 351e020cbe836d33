/**
 * Lazy loading of the images in server-rendered content: the API writes `<img data-src>` without
 * `src`; an image gets its `src` once it comes within 1.3 viewport heights (the original site's
 * vue-lazyload `preLoad`), and a failed image is tried once only.
 */
export const PRELOAD_RATIO = 1.3;
export const LOAD_ATTEMPTS = 1;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Whether an element at `box` (viewport coordinates) is near enough to load. */
export function isNearViewport(
  box: Box,
  viewport: { width: number; height: number },
  ratio = PRELOAD_RATIO,
): boolean {
  return (
    box.top < viewport.height * ratio && box.bottom > 0 && box.left < viewport.width * ratio && box.right > 0
  );
}

const STATE = 'data-lazy';

/** Starts loading every waiting image of `root` that is near the viewport; returns how many wait. */
export function loadVisibleImages(root: ParentNode, win: Window = window): number {
  const viewport = { width: win.innerWidth, height: win.innerHeight };
  let waiting = 0;
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-src]')) {
    if (img.getAttribute(STATE)) continue;
    if (!isNearViewport(img.getBoundingClientRect(), viewport)) {
      waiting++;
      continue;
    }
    startLoading(img);
  }
  return waiting;
}

function startLoading(img: HTMLImageElement) {
  let attempts = 0;
  img.setAttribute(STATE, 'loading');
  img.addEventListener('load', () => img.setAttribute(STATE, 'loaded'), { once: true });
  img.addEventListener('error', function retry() {
    attempts++;
    if (attempts >= LOAD_ATTEMPTS) {
      img.setAttribute(STATE, 'error');
      img.removeEventListener('error', retry);
    }
  });
  img.src = img.dataset.src!;
}

/**
 * Watches scrolling and resizing until every image of `root` has started loading; returns the
 * clean-up. Checks are batched to one per animation frame.
 */
export function watchLazyImages(root: HTMLElement, win: Window = window): () => void {
  let frame = 0;
  const check = () => {
    frame = 0;
    if (loadVisibleImages(root, win) === 0) stop();
  };
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(check);
  };
  const stop = () => {
    win.removeEventListener('scroll', schedule);
    win.removeEventListener('resize', schedule);
    if (frame) win.cancelAnimationFrame(frame);
    frame = 0;
  };
  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule, { passive: true });
  check();
  return stop;
}
