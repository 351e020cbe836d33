/**
 * A map bounded by the total weight of its values (about the characters they hold) and, if given,
 * by their count: past either bound the entries set longest ago leave first. The process-local
 * caches (rendered Markdown, parsed read-model documents) keep what they hold within it.
 */
export class WeightedMap<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Sets the value as the newest entry, then lets the oldest go until both bounds hold. */
  set(key: K, value: V, weight: number): void {
    this.delete(key);
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.maxWeight && this.entries.size <= this.maxEntries) break;
      this.delete(oldest);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.weight -= entry.weight;
    this.entries.delete(key);
  }
}
