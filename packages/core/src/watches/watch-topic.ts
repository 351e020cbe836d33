/**
 * Watching topics (关注此话题, docs/events-and-jobs.md "Watched topics"): a member watches or stops
 * watching a topic; posting and commenting watch by default, unless the member turned that off or
 * stopped watching that topic before. Every state is a row keyed `<topicId>:<userId>`; the lists
 * are read from the read model.
 */
import {
  Texts,
  TopicType,
  WATCH_LIST_SIZE,
  WATCHES_MAX,
  type SetWatchDefaults,
  type WatchedTopic,
} from '@forum/contracts';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { insertGrouped } from '../db/grouped-insert';
import { AppError } from '../errors';
import { topicQuote } from '../messages/rules';
import { authorize, signedIn } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { hiddenByReports } from '../read-model/reports';
import { readTopic, readTopics } from '../read-model/topics';
import { readUser } from '../read-model/users';
import {
  hasWatchState,
  isWatching,
  projectDefaultWatch,
  projectWatch,
  watchCount,
  watchedBy,
} from '../read-model/watches';
import type { RequestContext } from '../request-context';
import type { UserDoc } from '../users/model';
import { saveUserFields } from '../users/update-profile';
import { TopicWatch, watchId, type TopicWatchDoc, type WatchReason } from './model';

/** Writes the member's explicit state (an upsert; a concurrent first write wins the key, then this). */
async function saveExplicit(topicId: number, userId: number, watching: boolean): Promise<void> {
  const now = Date.now();
  const write = () =>
    TopicWatch.updateOne(
      { _id: watchId(topicId, userId) },
      {
        $set: { watching, reason: 'explicit', updateTime: now },
        $setOnInsert: { topicId, userId, createTime: now },
      },
      { upsert: true },
    );
  try {
    await write();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await write();
  }
  await projectWatch({ topicId, userId, watching, updateTime: now });
}

/** The actor watches a shown topic; watching one watched already is a no-op. */
export async function watchTopic(ctx: RequestContext, topicId: number): Promise<{ watching: boolean }> {
  const actor = signedIn(ctx.actor);
  const topic = await readTopic(topicId);
  if (!topic) throw new AppError('NOT_FOUND', Texts.topics.missing);
  authorize(actor, 'watchTopic', {
    userId: topic.userId,
    status: topic.status,
    type: topic.type,
    hiddenByReports: await hiddenByReports('topic', topicId),
  });
  await hitRateLimit('watch', actor._id);
  if (await isWatching(actor._id, topicId)) return { watching: true };
  if ((await watchCount(actor._id)) >= WATCHES_MAX)
    throw new AppError('INVALID_INPUT', Texts.watches.tooMany(WATCHES_MAX));
  await saveExplicit(topicId, actor._id, true);
  return { watching: true };
}

/**
 * The actor stops watching a topic, whatever became of it. The state is kept even when they did
 * not watch it yet, so a default watch (their own topic, a comment) does not come back.
 */
export async function unwatchTopic(ctx: RequestContext, topicId: number): Promise<{ watching: boolean }> {
  const actor = authorize(ctx.actor, 'unwatchTopic');
  if (!(await readTopic(topicId))) throw new AppError('NOT_FOUND', Texts.topics.missing);
  await hitRateLimit('watch', actor._id);
  await saveExplicit(topicId, actor._id, false);
  return { watching: false };
}

/** Whether `userId` watches the topic (false for a visitor). */
export function isWatchingTopic(userId: number | null | undefined, topicId: number): Promise<boolean> {
  return userId ? isWatching(userId, topicId) : Promise.resolve(false);
}

/** The topics the reader watches, newest first (shown ones only), from the read model. */
export async function listWatchedTopics(ctx: RequestContext): Promise<WatchedTopic[]> {
  const actor = signedIn(ctx.actor);
  const entries = await watchedBy(actor._id, WATCH_LIST_SIZE);
  const topics = new Map((await readTopics(entries.map((entry) => entry.topicId))).map((t) => [t._id, t]));
  return entries.flatMap(({ topicId, time }) => {
    const topic = topics.get(topicId);
    if (topic?.status !== 0) return [];
    const title = topic.type === TopicType.Tweet ? topicQuote(topic) : (topic.title ?? '');
    return [{ topicId, title, watchTime: time }];
  });
}

/** The actor turns default watching of the topics they post, or comment on, on or off. */
export async function setWatchDefaults(ctx: RequestContext, input: SetWatchDefaults): Promise<UserDoc> {
  const fields: Partial<UserDoc> = {};
  if (input.watchPostedTopics !== undefined) fields.watchPostedTopics = input.watchPostedTopics;
  if (input.watchRepliedTopics !== undefined) fields.watchRepliedTopics = input.watchRepliedTopics;
  return saveUserFields(signedIn(ctx.actor)._id, fields);
}

/**
 * A default watch, from a job (the member posted the topic, or commented on it): inserted only
 * where the member has no state for the topic yet, so an explicit unwatch sticks, and only while
 * their setting for `reason` is on. Running it twice changes nothing more. A member with a state
 * in the read model (watching, or unwatched) costs no database statement; a first watch one insert,
 * shared with the first watches other jobs store at that moment.
 * An unwatch that lands between the insert and its projection is not overtaken (`projectDefaultWatch`).
 */
export async function watchByDefault(topicId: number, userId: number, reason: WatchReason): Promise<void> {
  if (await hasWatchState(userId, topicId)) return;
  const [user, count] = await Promise.all([readUser(userId), watchCount(userId)]);
  if (!user) return;
  if ((reason === 'posted' ? user.watchPostedTopics : user.watchRepliedTopics) === false) return;
  if (count >= WATCHES_MAX) return;
  const now = Date.now();
  const row = {
    _id: watchId(topicId, userId),
    topicId,
    userId,
    watching: true,
    reason,
    createTime: now,
    updateTime: now,
  };
  try {
    // Stored with the default watches other jobs store meanwhile, in one command (`insertGrouped`).
    await insertGrouped(TopicWatch.collection, row);
    await projectDefaultWatch(row);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    // The member's own state, whose projection was lost (a rebuild under way): the row decides.
    const existing = await TopicWatch.findById(row._id).lean<TopicWatchDoc>();
    if (existing) await projectWatch(existing);
  }
}
