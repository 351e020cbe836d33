/**
 * Placing a row one slot at a time: its lists in three slots (the shared one, a user's, a topic's),
 * moved, emptied, and projected twice at once in the orders a cluster allows (the steps of two
 * projections interleaved by hand, as two processes may), on one Redis and on a Redis Cluster.
 */
import { expect, it } from 'vitest';
import { describeOnEachRedis } from '../testing';
import { useReadModelProperty } from '../testing/read-model-property';
import { beginPlacement, homeKey, membershipKey, placeInLists, recordedSlots } from './membership';
import { readStamp } from './stamp';
import { rmKeyIn, rmKeyOf, SHARED_TAG } from './store';

describeOnEachRedis('placing a row in lists of several slots', (target) => {
  const { redis } = useReadModelProperty(target.url);
  let next = 1;
  /** A fresh row with one list in each of three slots. */
  const row = () => {
    const id = next++;
    return {
      owner: `probe:${id}`,
      shared: rmKeyIn(SHARED_TAG, 'probe', id),
      user: rmKeyOf('user', 1000 + id, 'probe', id),
      topic: rmKeyOf('topic', 2000 + id, 'probe', id),
    };
  };
  const holders = async (keys: string[], member: string) => {
    const scores = await Promise.all(keys.map((key) => redis.zscore(key, member)));
    return keys.filter((_, index) => scores[index] !== null);
  };

  it('leaves the slots a row left, keeps its home to the slots it is in, and drops the home when it is in none', async () => {
    const { owner, shared, user, topic } = row();
    await placeInLists(
      owner,
      7,
      new Map([
        [shared, 1],
        [user, 2],
      ]),
    );
    expect(await holders([shared, user, topic], '7')).toEqual([shared, user]);
    expect((await recordedSlots(owner)).sort()).toEqual([SHARED_TAG, 'user:1001'].sort());

    const stamp = await readStamp();
    await placeInLists(owner, 7, new Map([[topic, 3]]));
    expect(await holders([shared, user, topic], '7')).toEqual([topic]);
    expect(await redis.zscore(topic, '7')).toBe('3');
    expect(await recordedSlots(owner)).toEqual(['topic:2001']);
    expect(await readStamp()).not.toBe(stamp);
    // The slots left keep only the mark of the projection that emptied them, for a while.
    const emptied = await redis.smembers(membershipKey(owner, SHARED_TAG));
    expect(emptied).toHaveLength(1);
    expect(emptied[0]).toMatch(/^!\d+$/);
    expect(await redis.ttl(membershipKey(owner, SHARED_TAG))).toBeGreaterThan(0);

    await placeInLists(owner, 7, new Map());
    expect(await holders([shared, user, topic], '7')).toEqual([]);
    expect(await redis.exists(homeKey(owner))).toBe(0);
    // A row projected into no list at all leaves no home behind either.
    await placeInLists(owner, 7, new Map());
    expect(await redis.exists(homeKey(owner))).toBe(0);
  });

  it('lets no older projection that finishes last undo a newer one', async () => {
    const { owner, shared, user, topic } = row();
    const older = await beginPlacement(
      owner,
      8,
      new Map([
        [shared, 1],
        [user, 1],
      ]),
    );
    const newer = await beginPlacement(owner, 8, new Map([[topic, 2]]));
    await newer.finish();
    await older.finish();
    expect(await holders([shared, user, topic], '8')).toEqual([topic]);
    expect(await recordedSlots(owner)).toEqual(['topic:2002']);
  });

  it('does not put a row back that a newer projection took out of every list', async () => {
    const { owner, shared, user, topic } = row();
    await placeInLists(owner, 9, new Map([[topic, 1]]));
    const older = await beginPlacement(
      owner,
      9,
      new Map([
        [shared, 1],
        [topic, 1],
      ]),
    );
    await placeInLists(owner, 9, new Map());
    await older.finish();
    expect(await holders([shared, user, topic], '9')).toEqual([]);
    // The next projection starts a new home and is not refused by the marks the slots keep.
    await placeInLists(owner, 9, new Map([[user, 4]]));
    expect(await holders([shared, user, topic], '9')).toEqual([user]);
  });

  it('completes the work of a projection that died after recording its slots', async () => {
    const { owner, shared, user, topic } = row();
    await placeInLists(owner, 10, new Map([[shared, 1]]));
    // Recorded the user's and the topic's slots, then died before writing any.
    await beginPlacement(
      owner,
      10,
      new Map([
        [user, 1],
        [topic, 1],
      ]),
    );
    expect(await holders([shared, user, topic], '10')).toEqual([shared]);
    await placeInLists(owner, 10, new Map([[user, 5]]));
    expect(await holders([shared, user, topic], '10')).toEqual([user]);
    expect(await recordedSlots(owner)).toEqual(['user:1004']);
  });

  it('ends with one projection’s lists, never a mix, after many at once', async () => {
    const { owner, shared, user, topic } = row();
    const states = [[shared], [user, topic], [topic], [], [shared, user, topic], [user]];
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        placeInLists(owner, 11, new Map(states[index % states.length]!.map((key) => [key, index]))),
      ),
    );
    const held = await holders([shared, user, topic], '11');
    expect(states.map((state) => state.join())).toContain(held.join());
    expect((await recordedSlots(owner)).length).toBeGreaterThanOrEqual(new Set(held).size);
  });
});
