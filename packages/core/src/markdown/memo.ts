/**
 * A small least-recently-used memo for pure text transforms (Markdown rendering, summaries): lists
 * render the same posts on every request, and rendering is the most expensive step of a page.
 * Bounded by the characters it keeps, so a flood of long posts cannot grow it without limit.
 */
export function memoize(transform: (key: string) => string, maxChars = 16_000_000): (key: string) => string {
  const entries = new Map<string, string>();
  let size = 0;
  return (key) => {
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const value = transform(key);
    const cost = key.length + value.length;
    if (cost > maxChars / 100) return value;
    entries.set(key, value);
    size += cost;
    for (const [oldKey, oldValue] of entries) {
      if (size <= maxChars) break;
      entries.delete(oldKey);
      size -= oldKey.length + oldValue.length;
    }
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
  const entries = new Map<number, { source: string; variant: string; value: string }>();
  let size = 0;
  return (id, source, options) => {
    const variant = variantOf(options);
    const hit = entries.get(id);
    if (hit && hit.source === source && hit.variant === variant) return hit.value;
    const value = transform(source, options);
    if (hit) {
      entries.delete(id);
      size -= hit.source.length + hit.value.length;
    }
    const cost = source.length + value.length;
    if (cost > maxChars / 100) return value;
    entries.set(id, { source, variant, value });
    size += cost;
    for (const [oldId, old] of entries) {
      if (size <= maxChars) break;
      entries.delete(oldId);
      size -= old.source.length + old.value.length;
    }
    return value;
  };
}
