/**
 * Answers to anonymous public reads, kept in this process against the read model's stamp: an entry
 * is reused only while the stamp is unchanged (nothing was projected and no config saved since, in
 * any process) and for at most `maxAgeMs` (view counts move without a projection). Concurrent misses
 * of one answer share one computation. Reading the stamp is one Redis GET, far cheaper than the
 * answer itself; when no stamp is set (Redis was just emptied) nothing is cached.
 */
import { readStamp } from '@forum/core';

export interface Answer {
  /** What `refresh` brings up to date; left undefined by answers without one (nothing else reads it). */
  data: unknown;
  /** The serialised answer in UTF-8, made once per entry. */
  body: Buffer;
  /**
   * The serialised answer with what must be current on every request (a view count) brought up to
   * date from `data`; also where the request's side effect happens. Absent: `body` is sent as it is.
   */
  refresh?: (data: unknown) => Promise<Buffer>;
  /** Headers the application set on the response that made the entry, replayed on hits. */
  headers?: Record<string, string>;
}

interface Entry extends Answer {
  stamp: string;
  at: number;
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

  /** The answer for `key`, made by `compute` when not cached. */
  async get(key: string, compute: () => Promise<Answer>): Promise<Answer> {
    const stamp = await readStamp();
    if (stamp === null) return compute();
    const cached = this.fresh(key, stamp);
    if (cached) return cached;
    const flight = `${stamp}\n${key}`;
    let pending = this.computing.get(flight);
    if (!pending) {
      const at = Date.now();
      pending = compute()
        .then((answer) => {
          const entry = { ...answer, stamp, at };
          this.store(key, entry);
          return entry;
        })
        .finally(() => this.computing.delete(flight));
      this.computing.set(flight, pending);
    }
    return pending;
  }

  /** The cached answer for `key` if it is still good, without computing anything. */
  async peek(key: string): Promise<Answer | undefined> {
    if (!this.entries.has(key)) return undefined;
    const stamp = await readStamp();
    return stamp === null ? undefined : this.fresh(key, stamp);
  }

  /** Adds the response headers to the entry of `key` once the application has set them. */
  keepHeaders(key: string, answer: Answer, headers: Record<string, string>): void {
    if (this.entries.get(key) === answer) answer.headers ??= headers;
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(key: string, stamp: string): Entry | undefined {
    const cached = this.entries.get(key);
    return cached && cached.stamp === stamp && Date.now() - cached.at < this.maxAgeMs ? cached : undefined;
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
