/**
 * Answers to anonymous public reads, kept in this process against the read model's stamp: an entry
 * is reused only while the stamp is unchanged (nothing was projected and no config saved since, in
 * any process) and for at most `maxAgeMs` (view counts move without a projection). Concurrent misses
 * of one answer share one computation. Reading the stamp is one Redis GET, far cheaper than the
 * answer itself; when no stamp is set (Redis was just emptied) nothing is cached.
 */
import { readStamp } from '@forum/core';

interface Entry {
  stamp: string;
  at: number;
  data: unknown;
  /** The serialised answer, made once per entry. */
  body: string;
}

export interface AnswerCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Promise<Entry>>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(options: AnswerCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxAgeMs = options.maxAgeMs ?? 5000;
  }

  /** The answer for `key`, computed by `compute` and serialised by `serialise` when not cached. */
  async get(
    key: string,
    compute: () => Promise<unknown>,
    serialise: (data: unknown) => string,
  ): Promise<{ data: unknown; body: string }> {
    const stamp = await readStamp();
    if (stamp === null) {
      const data = await compute();
      return { data, body: serialise(data) };
    }
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.stamp === stamp && now - cached.at < this.maxAgeMs) return cached;
    const flight = `${stamp}\n${key}`;
    let pending = this.computing.get(flight);
    if (!pending) {
      pending = (async () => {
        const data = await compute();
        const entry = { stamp, at: now, data, body: serialise(data) };
        this.store(key, entry);
        return entry;
      })().finally(() => this.computing.delete(flight));
      this.computing.set(flight, pending);
    }
    return pending;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: Entry): void {
    // Re-inserting keeps the Map in least-recently-stored order, so the oldest entry goes first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
