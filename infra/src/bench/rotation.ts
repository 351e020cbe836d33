/**
 * The rotating rows of the bench: the long tail of a forum, not one cached answer. Each request of
 * such a row names a URL the row has not sent for a long while (distinct cursors, topic ids, user
 * ids), so neither the API's answer cache (kept for at most 5 s, 2,000 answers a process) nor the
 * web server's page cache answers it; a share of the requests carries a reader's token, as signed-in
 * readers do, which no shared cache ever answers.
 */

export interface Rotation {
  /** Request paths, sent in turn. */
  paths: readonly string[];
  /** Tokens of signed-in readers, sent in turn by the signed-in share of the requests. */
  tokens?: readonly string[];
  /** One request in `signedInEvery` carries a token (none when 0 or no tokens). */
  signedInEvery?: number;
}

export interface RotatingRequest {
  path: string;
  /** The reader's token, as bbs-go clients send it (`X-User-Token`), or none for a visitor. */
  token?: string;
}

/** The `turn`-th request of a rotation. */
export function rotatingRequest(rotation: Rotation, turn: number): RotatingRequest {
  const path = rotation.paths[turn % rotation.paths.length]!;
  const every = rotation.signedInEvery ?? 0;
  const tokens = rotation.tokens ?? [];
  if (every <= 0 || tokens.length === 0 || turn % every !== every - 1) return { path };
  return { path, token: tokens[Math.floor(turn / every) % tokens.length]! };
}

/** The topic list at each of the given cursors (a topic's `lastCommentTime`), each cursor once. */
export function topicListPaths(cursors: readonly number[]): string[] {
  return [...new Set(cursors)].map((cursor) => `/api/topic/topics?cursor=${cursor}`);
}

/** Every topic's detail, in an order that does not follow the ids (neighbours are not read in turn). */
export function topicDetailPaths(topicIds: readonly number[]): string[] {
  return spread([...new Set(topicIds)]).map((id) => `/api/topic/${id}`);
}

/** Every user's public profile, spread the same way. */
export function userProfilePaths(userIds: readonly number[]): string[] {
  return spread([...new Set(userIds)]).map((id) => `/api/user/${id}`);
}

/**
 * The items in a fixed order that strides through them (a step coprime with their count), so
 * consecutive requests name items far apart and every item comes once per cycle.
 */
export function spread<T>(items: readonly T[]): T[] {
  const count = items.length;
  if (count < 3) return [...items];
  let step = Math.max(1, Math.floor(count * 0.618));
  while (gcd(step, count) !== 1) step++;
  return Array.from({ length: count }, (_, i) => items[(i * step) % count]!);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The distinct cursors of the topic list: every topic's `lastCommentTime`, read by walking the
 * list page by page through `get` (an answer in the legacy envelope), at most `limit` of them.
 */
export async function collectTopicCursors(
  get: (path: string) => Promise<unknown>,
  limit: number,
): Promise<number[]> {
  const cursors = new Set<number>();
  let cursor = 0;
  for (;;) {
    const answer = (await get(`/api/topic/topics?cursor=${cursor}`)) as {
      data?: { results?: { lastCommentTime?: number }[] | null; cursor?: string; hasMore?: boolean };
    };
    const page = answer.data;
    for (const topic of page?.results ?? []) {
      if (typeof topic.lastCommentTime === 'number') cursors.add(topic.lastCommentTime);
    }
    const next = Number(page?.cursor);
    if (!page?.hasMore || !Number.isFinite(next) || next === cursor || cursors.size >= limit) break;
    cursor = next;
  }
  return [...cursors].slice(0, limit);
}
