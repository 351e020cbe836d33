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
