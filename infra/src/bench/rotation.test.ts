import { describe, expect, it } from 'vitest';
import {
  collectTopicCursors,
  rotatingRequest,
  spread,
  topicDetailPaths,
  topicListPaths,
  userProfilePaths,
  type Rotation,
} from './rotation';

const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** The URLs of `count` consecutive requests of a rotation, from `start`. */
const sent = (rotation: Rotation, count: number, start = 0) =>
  Array.from({ length: count }, (_, i) => rotatingRequest(rotation, start + i));

describe("the bench's rotating rows", () => {
  it('send a distinct URL with every request of a whole cycle', () => {
    for (const paths of [
      topicListPaths(ids(10_000).map((i) => 1_700_000_000_000 + i * 1000)),
      topicDetailPaths(ids(10_000)),
      userProfilePaths(ids(2_000)),
    ]) {
      const urls = sent({ paths }, paths.length, 12_345).map((request) => request.path);
      expect(new Set(urls).size).toBe(paths.length);
    }
  });

  it('never repeat a URL within the answer cache’s reach', () => {
    // 2,000 answers a process are kept: a URL must not come back within that many requests.
    const paths = topicDetailPaths(ids(10_000));
    const urls = sent({ paths }, 2_001, 777).map((request) => request.path);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls[0]).toMatch(/^\/api\/topic\/\d+$/);
  });

  it('keep each cursor, id or user once, and stride through them', () => {
    expect(topicListPaths([5, 5, 7])).toEqual(['/api/topic/topics?cursor=5', '/api/topic/topics?cursor=7']);
    expect(topicDetailPaths([3, 3, 4])).toHaveLength(2);
    const order = spread(ids(100));
    expect([...order].sort((a, b) => a - b)).toEqual(ids(100));
    // Neighbours in the order are far apart in the ids.
    expect(Math.abs(order[1]! - order[0]!)).toBeGreaterThan(10);
  });

  it('sign in the stated share of requests, rotating over the readers', () => {
    const rotation: Rotation = {
      paths: userProfilePaths(ids(50)),
      tokens: ['a', 'b', 'c'],
      signedInEvery: 4,
    };
    const requests = sent(rotation, 400);
    const signedIn = requests.filter((request) => request.token);
    expect(signedIn).toHaveLength(100);
    expect(new Set(signedIn.map((request) => request.token))).toEqual(new Set(['a', 'b', 'c']));
    expect(sent({ paths: ['/x'], tokens: ['a'] }, 10).every((request) => !request.token)).toBe(true);
    expect(sent({ paths: ['/x'], signedInEvery: 2 }, 10).every((request) => !request.token)).toBe(true);
  });

  it('collect distinct cursors by walking the topic list', async () => {
    const times = ids(45).map((i) => 10_000 - i * 10);
    const asked: string[] = [];
    const cursors = await collectTopicCursors(async (path) => {
      asked.push(path);
      const cursor = Number(new URL(path, 'http://x').searchParams.get('cursor'));
      const rest = times.filter((time) => cursor === 0 || time < cursor).slice(0, 20);
      return {
        data: {
          results: rest.map((lastCommentTime) => ({ lastCommentTime })),
          cursor: String(rest.at(-1) ?? cursor),
          hasMore: rest.length === 20,
        },
      };
    }, 1_000);
    expect(cursors).toEqual(times);
    expect(asked).toHaveLength(3);
    expect(await collectTopicCursors(async () => ({ data: { results: null, hasMore: false } }), 10)).toEqual(
      [],
    );
  });
});
