/**
 * Puts one member in exactly the lists it belongs to now. The lists it was put in last time, and
 * the member it was put there as (`#<member>`), are remembered in `rm:in:<owner>`, so a moved entity
 * leaves its old lists (a topic moved to another node, a tag removed or renamed, a topic deleted)
 * without anyone having to know where it was, and a row deleted behind the services' back can be
 * taken out knowing only its owner name. One Lua script does it all, so two projections of the same
 * entity never interleave.
 */
import { invalidatePages } from './page-cache';
import { BUMP_STAMP_LUA, stampKey, stampSeed } from './stamp';
import { rmKey, rmRedis } from './store';

const PLACE = `${BUMP_STAMP_LUA}
local member = ARGV[2]
local wanted = {}
for i = 3, #ARGV, 2 do wanted[ARGV[i]] = ARGV[i + 1] end
local old = member
local lists = {}
for _, entry in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if string.sub(entry, 1, 1) == '#' then old = string.sub(entry, 2) else table.insert(lists, entry) end
end
for _, key in ipairs(lists) do
  if old ~= member or not wanted[key] then redis.call('ZREM', key, old) end
end
redis.call('DEL', KEYS[1])
local placed = false
for key, score in pairs(wanted) do
  redis.call('ZADD', key, score, member)
  redis.call('SADD', KEYS[1], key)
  placed = true
end
if placed then redis.call('SADD', KEYS[1], '#' .. member) end
bumpStamp(KEYS[2], ARGV[1])
return 1
`;

export const membershipKey = (owner: string) => rmKey('in', owner);

/**
 * `owner` names the row ('topic:5', 'like:12'); `member` is what its lists hold (usually an id);
 * `lists` maps each list key to the member's score there. An empty map removes it everywhere.
 */
export async function placeInLists(
  owner: string,
  member: string | number,
  lists: ReadonlyMap<string, number>,
): Promise<void> {
  const args: (string | number)[] = [stampSeed(), String(member)];
  for (const [key, score] of lists) args.push(key, score);
  await rmRedis().eval(PLACE, 2, membershipKey(owner), stampKey(), ...args);
  invalidatePages();
}

/** The member an owner was last placed as, or null when it is in no list. */
export async function placedMember(owner: string): Promise<string | null> {
  const entries = await rmRedis().smembers(membershipKey(owner));
  const marker = entries.find((entry) => entry.startsWith('#'));
  return marker === undefined ? null : marker.slice(1);
}
