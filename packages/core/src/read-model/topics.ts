/**
 * Topics in the read model: the lists a topic belongs to, its projector, and the readers the topic
 * services page with. Activity lists are ordered by `lastCommentTime`, a user's list and "newest" by
 * id, sticky lists by `stickyTime`.
 */
import { Topic, TopicCommenter, type TopicDoc } from '../topics/model';
import { deriveTopicFields, TOPIC_BODY, type TopicRendering } from '../topics/rendering';
import { defineEntityKind, cacheDoc, readBeside, readInOrder, readEntity, dropDoc } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmEntityList, rmKey, rmRedis } from './store';
import { TopicStatus } from '@forum/contracts';

export const topicLists = {
  all: () => rmKey('topics', 'all'),
  node: (nodeId: number) => rmKey('topics', 'node', nodeId),
  tag: (tagId: number) => rmKey('topics', 'tag', tagId),
  recommend: () => rmKey('topics', 'recommend'),
  sticky: () => rmKey('topics', 'sticky'),
  stickyOfNode: (nodeId: number) => rmKey('topics', 'sticky', 'node', nodeId),
  newest: () => rmKey('topics', 'newest'),
  user: (userId: number) => rmKey('topics', 'user', userId),
};

export const topicKind = defineEntityKind({
  name: 'topic',
  model: Topic,
  hidden: ['outbox', 'ip', 'userAgent'],
  counts: {
    likeCount: { list: rmEntityList('likers', 'topic') },
    commentCount: { list: rmEntityList('comments', 'topic') },
    viewCount: { counter: true },
  },
  derive: deriveTopicFields,
  beside: [TOPIC_BODY],
});

/** The lists a topic belongs to, with its score in each. */
function listsOf(topic: TopicDoc): Map<string, number> {
  const lists = new Map<string, number>();
  if (topic.status !== TopicStatus.Ok) return lists;
  const activity = topic.lastCommentTime;
  lists.set(topicLists.all(), activity);
  lists.set(topicLists.node(topic.nodeId), activity);
  for (const tagId of topic.tagIds ?? []) lists.set(topicLists.tag(tagId), activity);
  if (topic.recommend) lists.set(topicLists.recommend(), activity);
  if (topic.sticky) {
    lists.set(topicLists.sticky(), topic.stickyTime);
    lists.set(topicLists.stickyOfNode(topic.nodeId), topic.stickyTime);
  }
  lists.set(topicLists.newest(), topic._id);
  lists.set(topicLists.user(topic.userId), topic._id);
  return lists;
}

/** Puts a topic where it belongs now (nowhere when deleted or gone) and refreshes its cached fields. */
export async function projectTopic(topic: TopicDoc): Promise<void> {
  await cacheDoc(topicKind, topic);
  await placeInLists(`topic:${topic._id}`, topic._id, listsOf(topic));
}

/** Projects a topic from the database (after a write, in jobs and in rebuilds). */
export async function reprojectTopic(id: number): Promise<TopicDoc | null> {
  const topic = await Topic.findById(id, { outbox: 0, ip: 0, userAgent: 0 }).lean<TopicDoc>();
  if (topic) await projectTopic(topic);
  else {
    await dropDoc(topicKind, id);
    await placeInLists(`topic:${id}`, id, new Map());
  }
  return topic;
}

/** The topics of `ids` in order with their counts: shared and frozen (see `readEntities`), never to be changed. */
export function readTopics(ids: readonly number[]): Promise<TopicDoc[]> {
  return readInOrder<TopicDoc>(topicKind, ids, true, true);
}

/** The topics of `ids` in order without their counts (left at 0), for answers that show none. */
export function readTopicsWithoutCounts(ids: readonly number[]): Promise<TopicDoc[]> {
  return readInOrder<TopicDoc>(topicKind, ids, false);
}

/**
 * Whether everyone may read the topic (it is shown): one lookup in the list of shown topics, which
 * reads no database and writes nothing, whatever the id.
 */
export async function isShownTopic(id: number): Promise<boolean> {
  return (await rmRedis().zscore(topicLists.all(), String(id))) !== null;
}

/**
 * The topic with its rendered body from the read model, when one of the settings `variant` is kept
 * there (else the topic as it is, and its reader renders the body).
 */
export async function withTopicBody<Topic extends TopicDoc>(topic: Topic, variant: string): Promise<Topic> {
  if (topic.rendered?.variant !== variant) return topic;
  const [stored] = await readBeside(topicKind, [topic._id], TOPIC_BODY);
  if (!stored) return topic;
  const { variant: made, body } = JSON.parse(stored) as TopicRendering;
  return made === variant && body !== undefined ? { ...topic, rendered: { ...topic.rendered, body } } : topic;
}

/** A topic by id whatever its status, or null. */
export function readTopic(id: number): Promise<TopicDoc | null> {
  return readEntity<TopicDoc>(topicKind, id);
}

defineRebuildSource<TopicDoc>({
  name: 'topics',
  owner: 'topic',
  model: Topic,
  projection: { outbox: 0, ip: 0, userAgent: 0 },
  project: projectTopic,
  views: { kind: 'topic', field: 'viewCount' },
});

/** Who commented on a topic: they may read its hidden part. */
const commentersKey = (topicId: number) => rmKey('commenters', 'topic', topicId);

export async function addTopicCommenter(topicId: number, userId: number): Promise<void> {
  await rmRedis().sadd(commentersKey(topicId), String(userId));
}

export async function isTopicCommenter(topicId: number, userId: number): Promise<boolean> {
  return (await rmRedis().sismember(commentersKey(topicId), String(userId))) === 1;
}

defineRebuildSource<{ topicId: number; userId: number }>({
  name: 'commenters',
  model: TopicCommenter,
  project: (row) => addTopicCommenter(row.topicId, row.userId),
});
