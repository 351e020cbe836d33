/**
 * Watched topics in the read model (docs/events-and-jobs.md "Watched topics"): each topic's watchers
 * and each member's watched topics, as sorted sets scored by when the watch began, so "do I watch
 * it?" is one ZSCORE and the job that tells watchers reads one set; and each member's explicitly
 * unwatched topics, which default watches leave alone.
 */
import { kvKey } from '../kv';
import { TopicWatch, type TopicWatchDoc } from '../watches/model';
import { messageLists } from './messages';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';
import { execAll } from '../redis';

export const watchLists = {
  /** Members watching `topicId`, scored by when they started. */
  watchers: (topicId: number) => rmKey('watchers', topicId),
  /** Topics `userId` watches, scored by when they started. */
  watching: (userId: number) => rmKey('watching', userId),
  /** Topics `userId` stopped watching (an explicit unwatch), which no default watch overrides. */
  unwatched: (userId: number) => rmKey('unwatched', userId),
};

type WatchState = Pick<TopicWatchDoc, 'topicId' | 'userId' | 'watching' | 'updateTime'>;

/** Projects a row as it is: in the watcher sets while watching, in the member's unwatched set if not. */
export async function projectWatch(watch: WatchState): Promise<void> {
  const multi = rmRedis().multi();
  if (watch.watching)
    multi
      .srem(watchLists.unwatched(watch.userId), watch.topicId)
      .zadd(watchLists.watchers(watch.topicId), watch.updateTime, watch.userId)
      .zadd(watchLists.watching(watch.userId), watch.updateTime, watch.topicId);
  else
    multi
      .sadd(watchLists.unwatched(watch.userId), watch.topicId)
      .zrem(watchLists.watchers(watch.topicId), watch.userId)
      .zrem(watchLists.watching(watch.userId), watch.topicId);
  await execAll(multi);
}

/**
 * Projects a default watch the worker inserted, unless the member's own unwatch is projected
 * already: an unwatch written between the worker's insert and this projection (its projection came
 * first) is not overtaken.
 */
const PROJECT_DEFAULT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 0 end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
return 1`;

export async function projectDefaultWatch(watch: Omit<WatchState, 'watching'>): Promise<void> {
  await rmRedis().eval(
    PROJECT_DEFAULT,
    3,
    watchLists.unwatched(watch.userId),
    watchLists.watchers(watch.topicId),
    watchLists.watching(watch.userId),
    watch.topicId,
    watch.userId,
    watch.updateTime,
  );
}

/** Whether the member has a state of their own for the topic, either way, as far as the read model knows. */
export async function hasWatchState(userId: number, topicId: number): Promise<boolean> {
  const [watching, unwatched] = await Promise.all([
    rmRedis().zscore(watchLists.watching(userId), topicId),
    rmRedis().sismember(watchLists.unwatched(userId), topicId),
  ]);
  return watching !== null || unwatched === 1;
}

export async function isWatching(userId: number, topicId: number): Promise<boolean> {
  if (userId <= 0 || topicId <= 0) return false;
  return (await rmRedis().zscore(watchLists.watching(userId), topicId)) !== null;
}

export function watchCount(userId: number): Promise<number> {
  return rmRedis().zcard(watchLists.watching(userId));
}

/** Everyone watching `topicId`, in the order they started. */
export async function watchersOf(topicId: number): Promise<number[]> {
  return (await rmRedis().zrange(watchLists.watchers(topicId), '0', '-1')).map(Number);
}

/** The newest `limit` topics `userId` watches, with when they started. */
export async function watchedBy(userId: number, limit: number): Promise<{ topicId: number; time: number }[]> {
  const flat = await rmRedis().zrevrange(watchLists.watching(userId), 0, limit - 1, 'WITHSCORES');
  const entries: { topicId: number; time: number }[] = [];
  for (let i = 0; i < flat.length; i += 2)
    entries.push({ topicId: Number(flat[i]), time: Number(flat[i + 1]) });
  return entries;
}

/**
 * Claims the next watch message of a burst (docs/events-and-jobs.md "Watched topics"): refused while
 * the member still has an unread watch message of the topic (its id, in the set the message
 * projection keeps, is above their read mark), or while another event's job is sending one. A
 * retried job of the claiming event claims again. The claim lasts until released, or a minute.
 */
const CLAIM_BURST = `
local last = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '0')
local mark = tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')
if last > mark then return 0 end
local holder = redis.call('GET', KEYS[3])
if holder and holder ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[3], ARGV[3], 'EX', 60)
return 1`;

const RELEASE_BURST = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1`;

/**
 * Not part of the read model (a claim lives for one job run, and a rebuild leaves it alone), but in
 * its hash slot (`{rm}`): the claim script reads the read model's burst and read-mark keys with it.
 */
const claimKey = (topicId: number, userId: number) => kvKey('watch-claims', '{rm}', topicId, userId);

export async function claimBurst(topicId: number, userId: number, eventId: string): Promise<boolean> {
  const claimed = await rmRedis().eval(
    CLAIM_BURST,
    3,
    messageLists.watchBursts(userId),
    messageLists.readMarks(),
    claimKey(topicId, userId),
    topicId,
    userId,
    eventId,
  );
  return claimed === 1;
}

export async function releaseBurst(topicId: number, userId: number, eventId: string): Promise<void> {
  await rmRedis().eval(RELEASE_BURST, 1, claimKey(topicId, userId), eventId);
}

defineRebuildSource<TopicWatchDoc>({ name: 'topic watches', model: TopicWatch, project: projectWatch });
