/**
 * Messages in the read model: each user's messages as a sorted set scored by id
 * (`rm:messages:<userId>`), and every user's read mark in one hash (`rm:messages:read`). The unread
 * count is the number of messages above the mark, one ZCOUNT; the newest unread ones are one range.
 * Messages are private, so projecting one bumps no stamp and drops no cached page.
 */
import { MessageType } from '@forum/contracts';
import { Message, MessageRead, type MessageDoc, type MessageReadDoc } from '../messages/model';
import { defineEntityKind, docKey, readInOrder } from './entities';
import { pageByNumber } from './lists';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';
import { execAll } from '../redis';

export const messageLists = {
  inbox: (userId: number) => rmKey('messages', userId),
  /** userId → id of the newest message read. */
  readMarks: () => rmKey('messages', 'read'),
  /** A message key (`<eventId>:<userId>`) → the id of its row. */
  ids: () => rmKey('messages', 'ids'),
  /**
   * The topics a user was told about as a watcher (type 12), each scored by the id of the newest
   * such message: while that id is above the read mark, a burst is open (read-model/watches.ts).
   */
  watchBursts: (userId: number) => rmKey('messages', 'watched', userId),
};

/** The topic a watch message (type 12) is about, else 0. */
function watchedTopicOf(message: MessageDoc): number {
  if (message.type !== MessageType.TopicWatched) return 0;
  try {
    const topicId: unknown = (JSON.parse(message.extraData ?? '{}') as { topicId?: unknown }).topicId;
    return typeof topicId === 'number' && topicId > 0 ? topicId : 0;
  } catch {
    return 0;
  }
}

export const messageKind = defineEntityKind({
  name: 'message',
  model: Message,
  hidden: [],
  counts: {},
});

export async function projectMessage(message: MessageDoc): Promise<void> {
  const multi = rmRedis()
    .multi()
    .set(docKey(messageKind, message._id), JSON.stringify(message))
    .zadd(messageLists.inbox(message.userId), message._id, message._id)
    .hset(messageLists.ids(), message.key, message._id);
  const watchedTopic = watchedTopicOf(message);
  if (watchedTopic) multi.zadd(messageLists.watchBursts(message.userId), 'GT', message._id, watchedTopic);
  await execAll(multi);
}

/** The id of the message with `key`, if the read model knows it. */
export async function messageIdOf(key: string): Promise<number | null> {
  const id = await rmRedis().hget(messageLists.ids(), key);
  return id === null ? null : Number(id);
}

const RAISE_MARK = `
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) > current then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) return ARGV[2] end
return tostring(current)`;

/** Raises a user's read mark to `upTo` (never lowers it); returns the mark now. */
export async function projectReadMark(mark: Pick<MessageReadDoc, '_id' | 'upTo'>): Promise<number> {
  return Number(await rmRedis().eval(RAISE_MARK, 1, messageLists.readMarks(), mark._id, mark.upTo));
}

export async function readMarkOf(userId: number): Promise<number> {
  return Number((await rmRedis().hget(messageLists.readMarks(), String(userId))) ?? 0);
}

const UNREAD_COUNT = `
local mark = redis.call('HGET', KEYS[1], ARGV[1]) or '0'
return redis.call('ZCOUNT', KEYS[2], '(' .. mark, '+inf')`;

/**
 * Messages above the read mark (`mark`, when the caller has read it already). Without it, the mark
 * and the count are read in one round trip.
 */
export async function unreadCount(userId: number, mark?: number): Promise<number> {
  if (mark !== undefined) return rmRedis().zcount(messageLists.inbox(userId), `(${mark}`, '+inf');
  const keys = [messageLists.readMarks(), messageLists.inbox(userId)];
  return Number(await rmRedis().eval(UNREAD_COUNT, 2, ...keys, String(userId)));
}

/** The newest message id of a user, 0 without messages. */
export async function newestMessageId(userId: number): Promise<number> {
  const [newest] = await rmRedis().zrevrange(messageLists.inbox(userId), 0, 0);
  return newest === undefined ? 0 : Number(newest);
}

/** The newest `limit` messages above the read mark `mark`, newest first. */
export async function newestUnread(userId: number, limit: number, mark: number): Promise<MessageDoc[]> {
  const ids = await rmRedis().zrevrangebyscore(
    messageLists.inbox(userId),
    '+inf',
    `(${mark}`,
    'LIMIT',
    0,
    limit,
  );
  return readInOrder<MessageDoc>(messageKind, ids.map(Number));
}

/** A numbered page of a user's messages, newest first. */
export async function messagePage(userId: number, page: number, limit: number) {
  const { ids, total } = await pageByNumber(messageLists.inbox(userId), page, limit);
  return { total, messages: await readInOrder<MessageDoc>(messageKind, ids) };
}

defineRebuildSource<MessageDoc>({ name: 'messages', model: Message, project: projectMessage });
defineRebuildSource<MessageReadDoc>({
  name: 'message read marks',
  model: MessageRead,
  project: async (mark) => {
    await projectReadMark(mark);
  },
});
