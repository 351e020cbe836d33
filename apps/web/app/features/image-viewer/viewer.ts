/** The viewer's stacking order: above dialogs (9000) and below toasts (10000), as on the original site. */
export const IMAGE_VIEWER_Z_INDEX = 9999;

/** The next image index, wrapping around at both ends. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** The full-size addresses of the images inside server-rendered HTML (lazy ones carry `data-src`). */
export function imageSources(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll<HTMLImageElement>('img'))
    .map((img) => img.dataset.src || img.getAttribute('src') || '')
    .filter(Boolean);
}
