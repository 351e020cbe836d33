/**
 * Admin lists without filtered MongoDB queries (FerretDB scans a collection for every filter).
 * Ids are allocated in creation order, so "newest first" is walking ids down from the newest one
 * and reading each document by id from the read model's entity cache. Filters apply to what was
 * read, over a bounded window of the newest ids; an id filter reads that one document. Older
 * records outside the window are reached by their id (or, for a user's shown content, their list).
 */
import { lastId } from '../db/counters';

/** How many of the newest ids one admin list reads at most. */
export const ADMIN_SCAN_WINDOW = 5000;
const BATCH = 200;

export interface AdminPage<T> {
  page: { page: number; limit: number; total: number };
  results: T[];
  /** True when older records were not looked at (the window ended before the first id). */
  windowed: boolean;
}

export interface ScanQuery<Doc> {
  /** The id sequence of the documents (`topic`, `article`, …). */
  sequence: string;
  read(ids: number[]): Promise<Map<number, Doc>>;
  matches(doc: Doc): boolean;
  page: number;
  limit: number;
  /** Only this id (an id filter). */
  onlyId?: number;
  window?: number;
}

/** A numbered page of the documents that match, newest first, within the window. */
export async function scanNewest<Doc>(query: ScanQuery<Doc>): Promise<AdminPage<Doc>> {
  const { page, limit } = query;
  const matched: Doc[] = [];
  let windowed = false;
  if (query.onlyId) {
    const doc = (await query.read([query.onlyId])).get(query.onlyId);
    if (doc && query.matches(doc)) matched.push(doc);
  } else {
    const top = await lastId(query.sequence);
    const bottom = Math.max(1, top - (query.window ?? ADMIN_SCAN_WINDOW) + 1);
    windowed = bottom > 1;
    for (let high = top; high >= bottom; high -= BATCH) {
      const ids: number[] = [];
      for (let id = high; id > high - BATCH && id >= bottom; id--) ids.push(id);
      const docs = await query.read(ids);
      for (const id of ids) {
        const doc = docs.get(id);
        if (doc && query.matches(doc)) matched.push(doc);
      }
    }
  }
  const start = (page - 1) * limit;
  return {
    page: { page, limit, total: matched.length },
    results: matched.slice(start, start + limit),
    windowed,
  };
}

/** Whether `text` contains `part`, ignoring case (an empty filter matches everything). */
export function containsText(text: string | null | undefined, part: string | undefined): boolean {
  return !part || (text ?? '').toLowerCase().includes(part.toLowerCase());
}

/** An optional exact filter: absent matches everything. */
export function sameAs<T>(value: T, wanted: T | undefined): boolean {
  return wanted === undefined || value === wanted;
}
