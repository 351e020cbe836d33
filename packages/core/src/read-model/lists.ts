/**
 * Lists are Redis sorted sets of ids, ordered by the list's key (a time or an id). Cursors are
 * scores: a page is "the next `limit` members whose score is below (or above) the cursor", which is
 * what the legacy API's cursors already mean.
 */
import { rmRedis } from './store';
import { execAll } from '../redis';

export interface IdPage {
  ids: number[];
  /** The last member's score, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

function pageOf(flat: string[], cursor: number, limit: number): IdPage {
  const ids: number[] = [];
  let last = cursor;
  for (let i = 0; i < flat.length; i += 2) {
    ids.push(Number(flat[i]));
    last = Number(flat[i + 1]);
  }
  return { ids, cursor: last, hasMore: ids.length >= limit };
}

/** Members with a score below `cursor` (all when cursor ≤ 0), highest score first. */
export async function pageDesc(key: string, cursor: number, limit: number): Promise<IdPage> {
  const max = cursor > 0 ? `(${cursor}` : '+inf';
  const flat = await rmRedis().zrevrangebyscore(key, max, '-inf', 'WITHSCORES', 'LIMIT', 0, limit);
  return pageOf(flat, cursor, limit);
}

/** Members with a score above `cursor` (all when cursor ≤ 0), lowest score first. */
export async function pageAsc(key: string, cursor: number, limit: number): Promise<IdPage> {
  const min = cursor > 0 ? `(${cursor}` : '-inf';
  const flat = await rmRedis().zrangebyscore(key, min, '+inf', 'WITHSCORES', 'LIMIT', 0, limit);
  return pageOf(flat, cursor, limit);
}

/** The first `limit` members, highest score first. */
export async function topDesc(key: string, limit: number): Promise<number[]> {
  return (await rmRedis().zrevrange(key, 0, limit - 1)).map(Number);
}

/** A numbered page (1-based), highest score first (or lowest, `ascending`), with the list's size. */
export async function pageByNumber(
  key: string,
  page: number,
  limit: number,
  ascending = false,
): Promise<{ ids: number[]; total: number }> {
  const start = (page - 1) * limit;
  const multi = rmRedis().multi();
  if (ascending) multi.zrangebyscore(key, '-inf', '+inf', 'LIMIT', start, limit);
  else multi.zrevrange(key, start, start + limit - 1);
  const [members, total] = (await execAll(multi.zcard(key))) as [string[], number];
  return { ids: members.map(Number), total };
}
