import { insertUnlessTaken } from '../db/grouped-insert';
import { AppError } from '../errors';
import { countView } from '../read-model/entities';
import {
  addTopicCommenter,
  isTopicCommenter,
  projectTopic,
  readTopic,
  reprojectTopic,
  topicKind,
} from '../read-model/topics';
import { Topic, TopicCommenter, type TopicDoc } from './model';
import { TopicStatus, Texts } from '@forum/contracts';

/** A shown topic for its detail page, counting one view: each call counts (no dedup, as bbs-go). */
export async function viewTopic(topicId: number): Promise<TopicDoc> {
  const topic = await findShownTopic(topicId);
  return { ...topic, viewCount: await countTopicView(topicId) };
}

/** A shown topic without counting a view (for answers that count it themselves). */
export async function findShownTopic(topicId: number): Promise<TopicDoc> {
  const topic = Number.isSafeInteger(topicId) && topicId > 0 ? await readTopic(topicId) : null;
  if (!topic || topic.status !== TopicStatus.Ok) throw new AppError('NOT_FOUND', Texts.topics.missingOnView);
  return topic;
}

/** Counts one view of a topic and returns its views so far. */
export function countTopicView(topicId: number): Promise<number> {
  return countView(topicKind, topicId);
}

/** Whether a shown topic with this id exists (for comments, likes and favorites). */
export async function topicExists(topicId: number): Promise<boolean> {
  if (!Number.isSafeInteger(topicId) || topicId <= 0) return false;
  return (await readTopic(topicId))?.status === TopicStatus.Ok;
}

/** Per topic, the last bump's projection in this process, which the next one waits for. */
const bumpProjections = new Map<number, Promise<void>>();

/**
 * Called by the comment service after a comment on a topic (not a reply) is stored: moves the topic
 * up in "last activity" lists and remembers the commenter so they can read the hidden content. The
 * comment count is the size of the topic's comment list. The time only moves forward, so comments
 * handled out of order keep the newest. The process's bumps of one topic project it in the order
 * their updates ran (its updates of a document run one after another, `inDocumentLine`), so an
 * older answer never overwrites a newer one in the read model; the comment's event has no
 * projection job of its own to repair that afterwards (its route is a `repair` route).
 */
export async function bumpTopicOnComment(
  topicId: number,
  commentTime: number,
  userId: number,
): Promise<void> {
  // One statement that also answers the topic as written, for its projection. Issued before
  // waiting, so the line of this topic's updates and the line of its projections share one order.
  // A mongoose query sent now by exec(), not when first awaited: the order above depends on it.
  // eslint-disable-next-line no-restricted-syntax
  const bump = Topic.findOneAndUpdate(
    { _id: topicId, lastCommentTime: { $lte: commentTime } },
    { $set: { lastCommentTime: commentTime, lastCommentUserId: userId } },
    // FerretDB v1 takes no projection here; the read model leaves out the private fields itself.
    { returnDocument: 'after' },
  )
    .lean<TopicDoc>()
    .exec();
  const previous = bumpProjections.get(topicId);
  const projected = (async () => {
    const bumped = await bump;
    await previous;
    // A newer comment moved it further already (and projected it); otherwise the answer is the topic.
    if (bumped) await projectTopic(bumped);
    else await reprojectTopic(topicId);
  })();
  // The next bump waits for this one's projection, whether it succeeded or not.
  const settled = projected.then(
    () => undefined,
    () => undefined,
  );
  bumpProjections.set(topicId, settled);
  try {
    await projected;
  } finally {
    if (bumpProjections.get(topicId) === settled) bumpProjections.delete(topicId);
  }
  // A repeat commenter: the read model lists only commenters whose row was written (here, or by a
  // rebuild from the rows), so no statement is needed.
  if (await isTopicCommenter(topicId, userId)) return;
  // Its id is the pair: two first comments of one reader racing here both find the row stored.
  await insertUnlessTaken(TopicCommenter.collection, `${topicId}:${userId}`, {
    topicId,
    userId,
    createTime: commentTime,
  });
  await addTopicCommenter(topicId, userId);
}

/** Whether the reader has commented on the topic. */
export function hasCommented(topicId: number, userId: number): Promise<boolean> {
  return isTopicCommenter(topicId, userId);
}
