/**
 * Posting sets held in the process that ranks: a word's size, its best ids with their scores, and
 * the scores of other ids looked up for earlier rankings, so a new query of known words costs one
 * small round trip instead of reading hundreds of ids and scores from Redis again.
 *
 * Each set carries a stamp in Redis (`…:stamp`, a hash of term → token), which the indexer sets
 * to a fresh random token in the same transaction that changes the set. A held set is used only
 * while its stamp is the one Redis holds, read in the ranking's first round trip before any of the
 * set's data: whatever was read after that stamp is at least as new as the stamp, so a held set
 * never answers with data older than the index it names. A set without a stamp (indexed before
 * stamps existed) is never held.
 *
 * Bounded by the number of scores held (`budget`); the sets used least recently are dropped first.
 * Scores are kept in typed arrays (`ScoreTable`), which the garbage collector does not walk.
 */

/** Ids and their scores, in the order read (best first for a set's best). */
export interface Pairs {
  ids: number[];
  scores: number[];
}

/** A `WITHSCORES` reply (id, score, id, score…) as ids and scores. */
export function pairsOf(reply: string[]): Pairs {
  const ids = new Array<number>(reply.length >> 1);
  const scores = new Array<number>(reply.length >> 1);
  for (let i = 0; i < ids.length; i++) {
    ids[i] = Number(reply[2 * i]);
    scores[i] = Number(reply[2 * i + 1]);
  }
  return { ids, scores };
}

/**
 * Scores by positive integer id: an open-addressing hash table in two typed arrays. A score is a
 * weight (never negative); `NOT_IN_SET` records an id known to lack the term.
 */
export class ScoreTable {
  private keys = new Int32Array(16);
  private values = new Float64Array(16);
  size = 0;

  /** The score of `id`: a number, null when the id lacks the term, undefined when not known. */
  get(id: number): number | null | undefined {
    if (!heldId(id)) return undefined;
    const mask = this.keys.length - 1;
    for (let i = hash(id) & mask; ; i = (i + 1) & mask) {
      const key = this.keys[i]!;
      if (key === id) {
        const value = this.values[i]!;
        return value === NOT_IN_SET ? null : value;
      }
      if (key === 0) return undefined;
    }
  }

  /** Records `id`'s score; false when it was known already (nothing changes). */
  add(id: number, score: number | null): boolean {
    if (!heldId(id)) return false;
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let i = hash(id) & mask; ; i = (i + 1) & mask) {
      const key = this.keys[i]!;
      if (key === id) return false;
      if (key === 0) {
        this.keys[i] = id;
        this.values[i] = score ?? NOT_IN_SET;
        this.size++;
        return true;
      }
    }
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Float64Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i]) this.add(keys[i]!, values[i]!);
  }
}

const NOT_IN_SET = -1;

/** Ids the table can hold: positive 32-bit integers (every document id). */
function heldId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= 0x7fffffff;
}

/** Spreads consecutive ids over the table (a multiplicative hash). */
function hash(id: number): number {
  return Math.imul(id, 0x9e3779b1) >>> 0;
}

export interface HeldPosting {
  readonly key: string;
  readonly stamp: string;
  /** How many documents hold the term. */
  readonly size: number;
  /** Its best ids and their scores, best first, once read. */
  best?: Pairs;
  /** The scores known by id. */
  readonly scores: ScoreTable;
}

export interface HeldPostings {
  /** The held set of `key` whatever its stamp (whether to ask for its stamp alone). */
  has(key: string): boolean;
  /** The held set of `key` when it carries `stamp`, marked as just used. */
  valid(key: string, stamp: string): HeldPosting | undefined;
  /** Holds `key` anew (replacing an older stamp's), with its best when read. */
  hold(key: string, stamp: string, size: number, best?: Pairs): HeldPosting;
  /** Adds the set's best (read after its stamp). */
  holdBest(held: HeldPosting, best: Pairs): void;
  /** Adds a score read after the set's stamp. */
  remember(held: HeldPosting, id: number, score: number | null): void;
  /** Scores held in all sets (for tests and the budget). */
  readonly size: number;
}

export function heldPostings(budget: number): HeldPostings {
  const sets = new Map<string, HeldPosting>();
  let scores = 0;
  const trim = () => {
    if (scores <= budget) return;
    for (const [key, held] of sets) {
      if (scores <= budget) return;
      sets.delete(key);
      scores -= held.scores.size;
    }
  };
  const add = (held: HeldPosting, id: number, score: number | null) => {
    // A set dropped meanwhile (replaced or trimmed) keeps its scores for the ranking that holds it
    // but no longer counts.
    if (held.scores.add(id, score) && sets.get(held.key) === held) scores++;
  };
  return {
    has: (key) => sets.has(key),
    valid(key, stamp) {
      const held = sets.get(key);
      if (!held || held.stamp !== stamp) return undefined;
      sets.delete(key);
      sets.set(key, held);
      return held;
    },
    hold(key, stamp, size, best) {
      const previous = sets.get(key);
      if (previous) {
        sets.delete(key);
        scores -= previous.scores.size;
      }
      const held: HeldPosting = { key, stamp, size, scores: new ScoreTable() };
      sets.set(key, held);
      if (best) this.holdBest(held, best);
      trim();
      return held;
    },
    holdBest(held, best) {
      held.best = best;
      for (let i = 0; i < best.ids.length; i++) add(held, best.ids[i]!, best.scores[i]!);
      trim();
    },
    remember(held, id, score) {
      add(held, id, score);
      trim();
    },
    get size() {
      return scores;
    },
  };
}
