import { WeightedMap } from '../weighted-map';

/**
 * A small least-recently-used memo for pure text transforms (Markdown rendering, summaries): lists
 * render the same posts on every request, and rendering is the most expensive step of a page.
 * Bounded by the characters it keeps, so a flood of long posts cannot grow it without limit.
 */
export function memoize(transform: (key: string) => string, maxChars = 16_000_000): (key: string) => string {
  const entries = new WeightedMap<string, string>(maxChars);
  return (key) => {
    const hit = entries.get(key);
    if (hit !== undefined) {
      // Used again: the newest entry now, the last to go.
      entries.set(key, hit, key.length + hit.length);
      return hit;
    }
    const value = transform(key);
    const cost = key.length + value.length;
    if (cost <= maxChars / 100) entries.set(key, value, cost);
    return value;
  };
}

/**
 * A memo of one transform of items' texts kept under each item's id (a topic's summary): a hit
 * compares the text and the variant (the render settings) it was made from, by string equality, so
 * no key is built or hashed for each read, and an edited text or a changed setting is made anew.
 * Bounded by the characters it keeps, as `memoize` is; the oldest entries leave first.
 */
export function memoizeById<Options>(
  transform: (source: string, options: Options) => string,
  variantOf: (options: Options) => string,
  maxChars = 16_000_000,
): (id: number, source: string, options: Options) => string {
  const entries = new WeightedMap<number, { source: string; variant: string; value: string }>(maxChars);
  return (id, source, options) => {
    const variant = variantOf(options);
    const hit = entries.get(id);
    if (hit && hit.source === source && hit.variant === variant) return hit.value;
    const value = transform(source, options);
    const cost = source.length + value.length;
    if (cost <= maxChars / 100) entries.set(id, { source, variant, value }, cost);
    else entries.delete(id);
    return value;
  };
}
