/**
 * The crash test's count: every side effect of what is in MongoDB, looked up where readers find it
 * (the read model in Redis, the persisted counts, messages, the search index, feeds), must exist
 * exactly once; and every write a client was told succeeded must be in MongoDB.
 */
import { MessageType, type EventType } from '@forum/contracts';
import {
  CheckIn,
  Comment,
  Counter,
  EntityCount,
  Favorite,
  favoriteIdOf,
  favoriteLists,
  feedList,
  flushCounts,
  followRowId,
  JobRun,
  kv,
  kvKey,
  Message,
  messageLists,
  PendingEvent,
  readCheckIns,
  readTopic,
  readUser,
  searchEngine,
  Topic,
  User,
  UserFollow,
  UserLike,
  UserScoreLog,
  registeredOutboxModels,
  type OutboxEntry,
  type PendingEventDoc,
} from '@forum/core';
import { routesOf } from '@forum/contracts';

/** What clients were told succeeded: each must be found in MongoDB afterwards. */
export interface Accepted {
  topics: number[];
  comments: number[];
  /** `<userId>:<topicId>` */
  likes: string[];
  favorites: string[];
  /** `<userId>:<otherId>` */
  follows: string[];
  checkIns: number[];
  /**
   * How each accepted write of a user and a target was answered, attempt by attempt (`500
   * 服务器异常, ok 已点赞`), keyed `<write> <userId>:<target>`: a write found missing says what its
   * client was told.
   */
  answers: Map<string, string[]>;
}

export interface Verdict {
  lost: number;
  doubled: number;
  findings: string[];
  /** Rows left in pending_events whose every job ran (they leave at their next re-check). */
  pendingExplained: number;
}

/** An event some job of which has not run yet. */
export interface UnfinishedEvent {
  id: string;
  type: EventType;
}

/**
 * The events still waiting for a job: those in `pending_events`, and those a writer killed before
 * handing them over left in a document's outbox, without every `job_runs` row of their routes
 * (repair routes aside).
 */
export async function unfinishedEvents(): Promise<UnfinishedEvent[]> {
  const events = new Map<string, UnfinishedEvent>();
  for (const row of await PendingEvent.find({}).lean<PendingEventDoc[]>())
    events.set(row._id, { id: row._id, type: row.type });
  // Scans: this runs on the crash test's small database only.
  for (const model of registeredOutboxModels()) {
    for (const doc of await model.find({}, { outbox: 1 }).lean<{ outbox?: OutboxEntry[] }[]>()) {
      for (const entry of doc.outbox ?? []) events.set(entry.id, { id: entry.id, type: entry.type });
    }
  }
  // A repair route runs only for a writer that died before projecting its write (the sweeper
  // dispatches it then); whether that projection happened is what the tallies of `verify` check in
  // the read model, so only the routes every event runs are asked for here.
  const runIds = (event: UnfinishedEvent) =>
    routesOf(event.type)
      .filter((route) => !route.repair)
      .map((route) => `${route.queue}/${event.id}`);
  const wanted = [...events.values()].flatMap(runIds);
  const ran = new Set<string>();
  for (let at = 0; at < wanted.length; at += 500) {
    const found = await JobRun.find({ _id: { $in: wanted.slice(at, at + 500) } }, { _id: 1 }).lean();
    for (const run of found) ran.add(String(run._id));
  }
  return [...events.values()].filter((event) => !runIds(event).every((id) => ran.has(id)));
}

/** The number a chaos write put in its content (`压力测试动态 12`), which search finds it by. */
const writeNumberOf = (content: string) => /(\d+)\s*$/.exec(content)?.[1];

export async function verify(accepted: Accepted, unfinished: UnfinishedEvent[]): Promise<Verdict> {
  const findings: string[] = [];
  let lost = 0;
  let doubled = 0;
  const tally = (what: string, expected: number, actual: number) => {
    if (actual < expected) lost += expected - actual;
    if (actual > expected) doubled += actual - expected;
    if (actual !== expected) findings.push(`${what}: expected ${expected}, found ${actual}`);
  };
  const count = <T>(rows: T[], match: (row: T) => boolean) => rows.filter(match).length;
  const redis = kv();

  const topics = await Topic.find({ status: 0 }).lean();
  const comments = await Comment.find({}).lean();
  const likes = await UserLike.find({}).lean();
  const favorites = await Favorite.find({}).lean();
  const follows = await UserFollow.find({}).lean();
  const checkIns = await CheckIn.find({}).lean();
  const logs = await UserScoreLog.find({}).lean();
  const messages = (await Message.find({}).lean()).map((message) => ({
    ...message,
    extra: JSON.parse(message.extraData ?? '{}') as Record<string, number>,
  }));
  const topicById = new Map(topics.map((topic) => [topic._id, topic]));

  // Accepted writes are all stored (a write told "ok" and then lost is the worst outcome).
  const has = (rows: { userId: number }[], key: (row: never) => string, wanted: string[]) => {
    const keys = new Set(rows.map((row) => key(row as never)));
    return wanted.filter((entry) => !keys.has(entry));
  };
  for (const [what, missing] of [
    ['topic', accepted.topics.filter((id) => !topicById.has(id)).map(String)],
    ['comment', accepted.comments.filter((id) => !comments.some((c) => c._id === id)).map(String)],
    [
      'like',
      has(likes, (l: { userId: number; entityId: number }) => `${l.userId}:${l.entityId}`, accepted.likes),
    ],
    [
      'favourite',
      has(
        favorites,
        (f: { userId: number; entityId: number }) => `${f.userId}:${f.entityId}`,
        accepted.favorites,
      ),
    ],
    [
      'follow',
      has(follows, (f: { userId: number; otherId: number }) => `${f.userId}:${f.otherId}`, accepted.follows),
    ],
    ['check-in', accepted.checkIns.filter((id) => !checkIns.some((c) => c._id === id)).map(String)],
  ] as const) {
    for (const entry of missing) {
      const answers = accepted.answers.get(`${what} ${entry}`);
      const told = answers ? ` (answered: ${answers.join(', ')})` : '';
      tally(`accepted ${what} ${entry} in MongoDB${told}`, 1, 0);
    }
  }

  // What MongoDB keeps of the counters: view counts (written by the count flush, run once more
  // now) and each id sequence's high-water mark, which must be past every id handed out, or a
  // Redis that comes back empty would hand out ids again.
  await flushCounts();
  const persistedViews = new Map(
    (await EntityCount.find({}).lean<{ _id: string; counts: Record<string, number> }[]>()).map((row) => [
      row._id,
      row.counts.viewCount ?? 0,
    ]),
  );
  for (const [sequence, rows] of [
    ['topic', topics],
    ['comment', comments],
    ['user_like', likes],
    ['favorite', favorites],
    ['user_follow', follows],
    ['message', messages],
  ] as const) {
    const newest = Math.max(0, ...rows.map((row) => row._id));
    const mark = (await Counter.findById(sequence).lean<{ seq: number }>())?.seq ?? 0;
    if (mark < newest) tally(`ids of ${sequence} marked in MongoDB up to ${newest} (${mark})`, 1, 0);
    const allocated = Number((await redis.get(kvKey('ids', sequence))) ?? 0);
    if (allocated < newest)
      tally(`ids of ${sequence} allocated in Redis up to ${newest} (${allocated})`, 1, 0);
  }

  for (const topic of topics) {
    const id = topic._id;
    const projected = await readTopic(id);
    tally(`topic ${id} in the read model`, 1, projected ? 1 : 0);
    const commentCount = count(comments, (c) => c.entityType === 'topic' && c.entityId === id);
    const likeCount = count(likes, (l) => l.entityType === 'topic' && l.entityId === id);
    tally(`topic ${id} comment count`, commentCount, projected?.commentCount ?? 0);
    tally(`topic ${id} like count`, likeCount, projected?.likeCount ?? 0);
    tally(`topic ${id} views in MongoDB`, projected?.viewCount ?? 0, persistedViews.get(`topic:${id}`) ?? 0);
    tally(
      `topic ${id} score log`,
      1,
      count(logs, (row) => row.key === `topic:${id}`),
    );
    const number = writeNumberOf(topic.content ?? '');
    if (number) {
      const hits = await searchEngine().search({ kind: 'topic', keyword: number, page: 1, limit: 50 });
      tally(
        `topic ${id} in the search index`,
        1,
        count(hits.ids, (hit) => hit === id),
      );
    }
  }
  const indexed = await searchEngine().search({ kind: 'topic', keyword: '压力测试', page: 1, limit: 1 });
  tally(
    'topics in the search index',
    count(topics, (t) => !!writeNumberOf(t.content ?? '')),
    indexed.total,
  );

  for (const comment of comments.filter((c) => c.entityType === 'topic')) {
    const id = comment._id;
    tally(
      `comment ${id} score log`,
      1,
      count(logs, (row) => row.key === `comment:${id}`),
    );
    const author = topicById.get(comment.entityId)?.userId;
    if (author === undefined) continue;
    tally(
      `message to ${author} of comment ${id}`,
      author === comment.userId ? 0 : 1,
      count(messages, (m) => m.type === MessageType.TopicComment && m.extra.commentId === id),
    );
  }
  // A like or favourite of a topic tells its author once (not when it is their own).
  const tallyReaction = (type: MessageType, by: number, topicId: number, byField: string, what: string) => {
    const author = topicById.get(topicId)?.userId;
    if (author === undefined) return;
    tally(
      `message to ${author} of ${what}`,
      author === by ? 0 : 1,
      count(messages, (m) => m.type === type && m.extra.topicId === topicId && m.extra[byField] === by),
    );
  };
  for (const like of likes.filter((l) => l.entityType === 'topic')) {
    tallyReaction(MessageType.TopicLike, like.userId, like.entityId, 'likeUserId', `like ${like._id}`);
  }
  for (const favorite of favorites) {
    tally(
      `favourite ${favorite._id} in the read model`,
      1,
      (await favoriteIdOf(favorite.userId, favorite.entityType, favorite.entityId)) === favorite._id ? 1 : 0,
    );
    if (favorite.entityType === 'topic') {
      const { userId, entityId } = favorite;
      tallyReaction(
        MessageType.TopicFavorite,
        userId,
        entityId,
        'favoriteUserId',
        `favourite ${favorite._id}`,
      );
    }
  }
  for (const follow of follows) {
    tally(
      `follow ${follow._id} in the read model`,
      1,
      (await followRowId(follow.userId, follow.otherId)) === follow._id ? 1 : 0,
    );
    const feed = new Set((await redis.zrange(feedList(follow.userId), '0', '-1')).map(Number));
    for (const topic of topics.filter((t) => t.userId === follow.otherId)) {
      tally(`topic ${topic._id} in the feed of ${follow.userId}`, 1, feed.has(topic._id) ? 1 : 0);
    }
  }
  const projectedCheckIns = await readCheckIns(checkIns.map((row) => row._id));
  for (const checkIn of checkIns) {
    const userId = checkIn._id;
    tally(
      `check-in of ${userId} in the read model`,
      1,
      projectedCheckIns.get(userId)?.latestDayName === checkIn.latestDayName ? 1 : 0,
    );
    tally(
      `check-in points of ${userId}`,
      1,
      count(logs, (row) => row.key === `checkIn:${userId}:${checkIn.latestDayName}`),
    );
  }

  // Per user: points, list sizes and messages, in the read model and (counts) in MongoDB.
  for (const user of await User.find({}, { _id: 1 }).lean()) {
    const id = user._id;
    const projected = await readUser(id);
    const expected = {
      score: logs.filter((row) => row.userId === id).reduce((total, row) => total + row.score, 0),
      topicCount: count(topics, (t) => t.userId === id),
      commentCount: count(comments, (c) => c.userId === id && c.status === 0),
      fansCount: count(follows, (f) => f.otherId === id),
      followCount: count(follows, (f) => f.userId === id),
    };
    for (const [field, value] of Object.entries(expected)) {
      tally(`user ${id} ${field}`, value, (projected as Record<string, number> | null)?.[field] ?? 0);
    }
    const inbox = count(messages, (m) => m.userId === id);
    tally(`messages of ${id} in the read model`, inbox, await redis.zcard(messageLists.inbox(id)));
    tally(
      `favourites of ${id} in the read model`,
      count(favorites, (f) => f.userId === id),
      await redis.zcard(favoriteLists.user(id)),
    );
    const levels = messages
      .filter((m) => m.userId === id && m.type === MessageType.LevelUp)
      .map((m) => m.extra.level);
    tally(`level-up messages of ${id}`, new Set(levels).size, levels.length);
  }

  lost += unfinished.length;
  for (const event of unfinished) findings.push(`event ${event.type} ${event.id}: a job has not run`);
  const pendingExplained =
    (await PendingEvent.countDocuments({})) - count(unfinished, (e) => e.id.length > 0);
  return { lost, doubled, findings, pendingExplained };
}
