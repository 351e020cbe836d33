/**
 * Puts one member in exactly the lists it belongs to now, one Redis Cluster slot at a time.
 *
 * A row's lists may lie in several slots (a topic is in the shared slot's lists and in its author's
 * list, `rm:{user:<id>}:topics:user:<id>`). In each slot, the lists it was put in last time, and the
 * member it was put there as (`#<member>`), are remembered in `rm:{<slot>}:in:<owner>`, so a moved
 * entity leaves its old lists without anyone having to know where it was, and a row deleted behind
 * the services' back can be taken out knowing only its owner name. One Lua script places it in one
 * slot.
 *
 * Which slots hold the row is remembered in the owner's own slot, `rm:{<owner>}:home` (a hash: its
 * sequence and `t:<slot>` per slot). A projection first records there the slots it will write and
 * takes the next sequence number (one script), then places the row in every slot recorded (one
 * script each, in parallel), then forgets the slots it emptied. Each slot's set keeps the sequence
 * of the projection that wrote it last (`!<seq>`) and refuses an older one, so two concurrent
 * projections of one row never leave it half in one state and half in the other: every slot ends
 * with the newest projection's lists. A slot emptied keeps only that mark, for ten minutes, so an
 * older projection still under way cannot put the row back. A process that dies midway leaves the
 * home with more slots than the row holds (harmless) or some slots not yet written; the event's job
 * projects the row again (docs/events-and-jobs.md), which finishes the work.
 */
import { invalidatePages } from './page-cache';
import { BUMP_STAMP_LUA, bumpStamp, stampKey, stampSeed } from './stamp';
import { rmKeyIn, rmRedis, SHARED_TAG, slotTagOf } from './store';

/**
 * KEYS[1]: the owner's home. ARGV[1..]: the slots the projection will write. Returns the sequence
 * number it took, then every slot recorded. A new home starts from the server's clock in
 * microseconds, so a home dropped when its row left every list never hands out a number below the
 * marks its slots still keep.
 */
const ENTER_HOME = `
local seq
if redis.call('EXISTS', KEYS[1]) == 1 then
  seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
else
  local now = redis.call('TIME')
  seq = tonumber(now[1]) * 1000000 + tonumber(now[2])
  redis.call('HSET', KEYS[1], 'seq', string.format('%.0f', seq))
end
for i = 1, #ARGV do redis.call('HSET', KEYS[1], 't:' .. ARGV[i], 1) end
local out = { string.format('%.0f', seq) }
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, 2) == 't:' then table.insert(out, string.sub(field, 3)) end
end
-- A row in no list anywhere (a deleted comment projected) keeps no home.
if #out == 1 then redis.call('DEL', KEYS[1]) end
return out
`;

/** How long an emptied slot remembers the sequence that emptied it. */
const EMPTIED_MARK_SECONDS = 600;

/**
 * KEYS[1]: the owner's set in this slot; KEYS[2], when given: the stamp, which this script bumps
 * (this slot holds it and is the only one the row touches). ARGV: the sequence, a stamp seed, the member, then list and score
 * pairs of this slot. Returns -1 when a newer projection wrote the slot already, 1 when the row is
 * in a list of the slot, 0 when it is in none.
 */
const PLACE_IN_SLOT = `${BUMP_STAMP_LUA}
local seq = tonumber(ARGV[1])
local member = ARGV[3]
local wanted = {}
for i = 4, #ARGV, 2 do wanted[ARGV[i]] = ARGV[i + 1] end
local old = member
local lists = {}
for _, entry in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local first = string.sub(entry, 1, 1)
  if first == '!' then
    if tonumber(string.sub(entry, 2)) > seq then return -1 end
  elseif first == '#' then old = string.sub(entry, 2)
  else table.insert(lists, entry) end
end
for _, key in ipairs(lists) do
  if old ~= member or not wanted[key] then redis.call('ZREM', key, old) end
end
redis.call('DEL', KEYS[1])
local placed = 0
for key, score in pairs(wanted) do
  redis.call('ZADD', key, score, member)
  redis.call('SADD', KEYS[1], key)
  placed = 1
end
redis.call('SADD', KEYS[1], '!' .. ARGV[1])
if placed == 1 then redis.call('SADD', KEYS[1], '#' .. member)
else redis.call('EXPIRE', KEYS[1], ${EMPTIED_MARK_SECONDS}) end
if KEYS[2] then bumpStamp(KEYS[2], ARGV[2]) end
return placed
`;

/**
 * KEYS[1]: the owner's home; ARGV[1]: the projection's sequence; ARGV[2..]: slots it emptied.
 * Forgets them unless a newer projection began meanwhile (it may be writing them); drops the home
 * when no slot is left.
 */
const LEAVE_HOME = `
if redis.call('HGET', KEYS[1], 'seq') ~= ARGV[1] then return 0 end
for i = 2, #ARGV do redis.call('HDEL', KEYS[1], 't:' .. ARGV[i]) end
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, 2) == 't:' then return 1 end
end
redis.call('DEL', KEYS[1])
return 1
`;

/** The owner's set in the slot `tag`. */
export const membershipKey = (owner: string, tag: string) => rmKeyIn(tag, 'in', owner);

/** Where the slots of an owner's lists are remembered: the owner's own slot. */
export const homeKey = (owner: string) => rmKeyIn(owner, 'home');

/** The wanted lists grouped by their slot, each as flat list and score arguments. */
function bySlot(lists: ReadonlyMap<string, number>): Map<string, (string | number)[]> {
  const slots = new Map<string, (string | number)[]>();
  for (const [key, score] of lists) {
    const tag = slotTagOf(key);
    slots.set(tag, [...(slots.get(tag) ?? []), key, score]);
  }
  return slots;
}

/** A projection that recorded its slots in the owner's home and has yet to write them. */
export interface Placement {
  /** Writes every slot recorded, bumps the stamp, and forgets the slots it emptied. */
  finish(): Promise<void>;
}

/**
 * The first step of `placeInLists`: records the slots of `lists` in the owner's home and takes the
 * projection's sequence number. Apart so a test can interleave two projections of one row.
 */
export async function beginPlacement(
  owner: string,
  member: string | number,
  lists: ReadonlyMap<string, number>,
  alsoIn: readonly string[] = [],
): Promise<Placement> {
  const wanted = bySlot(lists);
  const redis = rmRedis();
  const [seq, ...recorded] = (await redis.eval(ENTER_HOME, 1, homeKey(owner), ...wanted.keys())) as string[];
  const slots = [...new Set([...recorded, ...alsoIn])];
  // The stamp may be bumped in the slot's own script only when that is the whole projection: else
  // a reader could see the new stamp before another slot's change and keep an old answer under it.
  const stampInScript = slots.length === 1 && slots[0] === SHARED_TAG;
  const placeIn = (tag: string) =>
    redis.eval(
      PLACE_IN_SLOT,
      stampInScript ? 2 : 1,
      membershipKey(owner, tag),
      ...(stampInScript ? [stampKey()] : []),
      seq!,
      stampSeed(),
      String(member),
      ...(wanted.get(tag) ?? []),
    );
  return {
    async finish() {
      const outcomes = await Promise.all(slots.map(placeIn));
      if (!stampInScript) await bumpStamp();
      const emptied = slots.filter((tag, index) => outcomes[index] === 0 && !wanted.has(tag));
      if (emptied.length > 0) await redis.eval(LEAVE_HOME, 1, homeKey(owner), seq!, ...emptied);
      invalidatePages();
    },
  };
}

/**
 * `owner` names the row ('topic:5', 'like:12'); `member` is what its lists hold (usually an id);
 * `lists` maps each list key to the member's score there. An empty map removes it everywhere.
 * `alsoIn` names slots to clear even if the home does not record them (a sweep that found the
 * owner's set there).
 */
export async function placeInLists(
  owner: string,
  member: string | number,
  lists: ReadonlyMap<string, number>,
  alsoIn: readonly string[] = [],
): Promise<void> {
  await (await beginPlacement(owner, member, lists, alsoIn)).finish();
}

/** The slots the owner's home records (where its lists may be). */
export async function recordedSlots(owner: string): Promise<string[]> {
  const fields = await rmRedis().hkeys(homeKey(owner));
  return fields.filter((field) => field.startsWith('t:')).map((field) => field.slice(2));
}

/** The member an owner was last placed as in the slot `tag`, or null when it is in no list there. */
export async function placedMember(owner: string, tag: string): Promise<string | null> {
  const entries = await rmRedis().smembers(membershipKey(owner, tag));
  const marker = entries.find((entry) => entry.startsWith('#'));
  return marker === undefined ? null : marker.slice(1);
}
