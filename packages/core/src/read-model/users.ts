/**
 * People in the read model: each user's cached public and account fields (never the password hash),
 * with counts that are sizes of the user's lists. Any write to a user document is followed by
 * `reprojectUser`.
 */
import { configuredLevels, levelOf } from '../points/levels';
import type { LevelConfig } from '@forum/contracts';
import { User, type UserDoc } from '../users/model';
import { cacheDoc, defineEntityKind, docKey, dropDoc, passStamp, readEntities, readEntity } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { scoreLists } from './scores';
import { rmEntityList, rmKey, rmRedis } from './store';
import { execAll } from '../redis';

export const userLists = {
  topics: rmEntityList('topics', 'user'),
  comments: rmEntityList('comments', 'user'),
  /** Whom the user follows. */
  follows: rmEntityList('follows'),
  /** Who follows the user. */
  fans: rmEntityList('fans'),
};

const PASSWORD_SET = 'set';

export const userKind = defineEntityKind({
  name: 'user',
  model: User,
  // Levels are derived from the points when a user is read, so a new levelConfig applies at once.
  hidden: ['outbox', 'level', 'levelTitle'],
  // Pages only ask whether a password is set; the hash itself never leaves MongoDB.
  mask(doc) {
    doc.passwordHash = doc.passwordHash ? PASSWORD_SET : '';
  },
  counts: {
    topicCount: { list: userLists.topics },
    commentCount: { list: userLists.comments },
    fansCount: { list: userLists.fans },
    followCount: { list: userLists.follows },
    score: { scoreIn: scoreLists.totals },
  },
});

/** Sign-in names to ids: lower-cased usernames and e-mail addresses (the unique indexes stay the truth). */
const byNameKey = () => rmKey('users', 'byname');
const byEmailKey = () => rmKey('users', 'byemail');
/** Every user by registration time: a user's rank there is their place among the site's members. */
const registeredKey = () => rmKey('users', 'registered');
/**
 * The `@` suggestions: one sorted set, every score 0, of `<lower-cased name>\0<id>` for each
 * member's username and nickname (members without a username cannot be mentioned, so they are not
 * in it), read by prefix with `ZRANGE … BYLEX`.
 */
const mentionIndexKey = () => rmKey('users', 'mention');

/** The entries a user has in the `@` index: none without a username or while disabled. */
function mentionEntries(user: Partial<UserDoc>): string[] {
  if (!user._id || !user.username || (user.status ?? 0) !== 0) return [];
  const names = new Set([user.username.toLowerCase(), (user.nickname ?? '').trim().toLowerCase()]);
  return [...names].filter(Boolean).map((name) => `${name}\0${user._id}`);
}

export async function projectUser(user: UserDoc): Promise<void> {
  const previous = await rmRedis().get(docKey(userKind, user._id));
  const old = previous && previous !== '0' ? (JSON.parse(previous) as Partial<UserDoc>) : {};
  await cacheDoc(userKind, user);
  const pipeline = rmRedis().pipeline();
  if (old.usernameLower && old.usernameLower !== user.usernameLower)
    pipeline.hdel(byNameKey(), old.usernameLower);
  if (old.emailLower && old.emailLower !== user.emailLower) pipeline.hdel(byEmailKey(), old.emailLower);
  // Users without a username or e-mail carry placeholders ('#<id>'), which nobody can type.
  if (user.usernameLower) pipeline.hset(byNameKey(), user.usernameLower, user._id);
  if (user.emailLower) pipeline.hset(byEmailKey(), user.emailLower, user._id);
  const entries = mentionEntries(user);
  const stale = mentionEntries({ ...old, _id: user._id }).filter((entry) => !entries.includes(entry));
  if (stale.length > 0) pipeline.zrem(mentionIndexKey(), ...stale);
  if (entries.length > 0) pipeline.zadd(mentionIndexKey(), ...entries.flatMap((entry) => [0, entry]));
  await execAll(pipeline);
  await placeInLists(`user:${user._id}`, user._id, new Map([[registeredKey(), user.createTime ?? 0]]));
}

/**
 * The user's place in registration order, 1 for the first member (a blacklisted user keeps theirs),
 * or 0 when the read model does not know them. One `ZRANK`.
 */
export async function registrationRank(userId: number): Promise<number> {
  const rank = await rmRedis().zrank(registeredKey(), String(userId));
  return rank === null ? 0 : rank + 1;
}

/** The id of the user with this lower-cased username or e-mail, or null. */
export async function userIdByLogin(kind: 'username' | 'email', lower: string): Promise<number | null> {
  const id = await rmRedis().hget(kind === 'email' ? byEmailKey() : byNameKey(), lower);
  return id === null ? null : Number(id);
}

/**
 * Ids of members whose username or nickname starts with `prefix` (any case), at most `limit`, in
 * the index's order (by name). One `ZRANGE BYLEX` a page; a member matched by both names counts once.
 */
export async function mentionCandidates(prefix: string, limit: number): Promise<number[]> {
  const lower = prefix.toLowerCase();
  // From the prefix itself to the prefix followed by the largest byte (UTF-8 never has 0xff). A
  // member has at most two entries, so twice `limit` entries name at least `limit` members.
  const max = Buffer.concat([Buffer.from(`[${lower}`), Buffer.from([0xff])]);
  const entries = await rmRedis().zrangebylex(mentionIndexKey(), `[${lower}`, max, 'LIMIT', 0, limit * 2);
  const ids = [...new Set(entries.map((entry) => Number(entry.slice(entry.lastIndexOf('\0') + 1))))];
  return ids.slice(0, limit);
}

/** Ids of the members with these lower-cased usernames (absent: nobody has that name). */
export async function userIdsByUsernames(lowerNames: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (lowerNames.length === 0) return found;
  const ids = await rmRedis().hmget(byNameKey(), ...lowerNames);
  lowerNames.forEach((name, index) => {
    const id = ids[index];
    if (id) found.set(name, Number(id));
  });
  return found;
}

export async function reprojectUser(id: number): Promise<UserDoc | null> {
  const user = await User.findById(id, { outbox: 0 }).lean<UserDoc>();
  if (user) await projectUser(user);
  else {
    await dropDoc(userKind, id);
    await placeInLists(`user:${id}`, id, new Map());
  }
  return user;
}

/** Lays each user's level and its title over them, from their points and the site's levels now. */
async function withLevels(users: Iterable<UserDoc>): Promise<void> {
  const levels = await configuredLevels();
  for (const user of users) Object.assign(user, levelOf(user.score ?? 0, levels));
}

/**
 * The public copies made of shared users (see `readUsers`), with the level settings each was made
 * under; they live as long as the shared copy does.
 */
const publicUsers = new WeakMap<UserDoc, { levels: LevelConfig; user: UserDoc }>();

/**
 * A user as others see them: without private fields (lists never carry them), with their level
 * under `levels`, and the read model's stamp of `user` (list rows kept by it also check the level).
 */
function publicUser(user: UserDoc, levels: LevelConfig): UserDoc {
  const { email: _email, emailLower: _emailLower, passwordHash: _passwordHash, ...rest } = user;
  const made = Object.assign(rest, levelOf(user.score ?? 0, levels)) as UserDoc;
  passStamp(made, user);
  return made;
}

/**
 * Users by id for lists and pages about others, with their counts and level, without private
 * fields. Shared and frozen where the read model shares the user (see `readEntities`): the public
 * copy of a user read again at the same counts and level settings is the one made before.
 */
export async function readUsers(ids: readonly number[]): Promise<Map<number, UserDoc>> {
  const [users, levels] = await Promise.all([
    readEntities<UserDoc>(userKind, ids, true, true),
    configuredLevels(),
  ]);
  for (const [id, user] of users) {
    if (!Object.isFrozen(user)) {
      users.set(id, publicUser(user, levels));
      continue;
    }
    let made = publicUsers.get(user);
    if (made?.levels !== levels) {
      made = { levels, user: Object.freeze(publicUser(user, levels)) };
      publicUsers.set(user, made);
    }
    users.set(id, made.user);
  }
  return users;
}

/**
 * One user with every cached field (the password hash only as a marker) and their level: for the
 * user themself.
 */
export async function readUser(id: number): Promise<UserDoc | null> {
  const user = await readEntity<UserDoc>(userKind, id);
  if (user) await withLevels([user]);
  return user;
}

defineRebuildSource<UserDoc>({
  name: 'users',
  owner: 'user',
  model: User,
  projection: { outbox: 0 },
  project: projectUser,
});
