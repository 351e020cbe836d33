/**
 * Factories for the rows tests need as given facts (Outline's `server/test/factories.ts`): each
 * writes one document with `overrides` on top, creates the parents it needs and puts the document
 * in the read model as the app does.
 */
import { TopicType, type CreateCommentInput, type DomainEvent, type EventJobData } from '@forum/contracts';
import { Article, type ArticleDoc } from '../articles/model';
import { createComment } from '../comments/create-comment';
import type { CommentDoc } from '../comments/model';
import { insertWithFreshId } from '../db/counters';
import { TopicNode, type TopicNodeDoc } from '../nodes/model';
import { DEFAULT_NODE_NAME, ensureDefaultNode } from '../nodes/ensure-default-node';
import { reprojectArticle } from '../read-model/articles';
import { reprojectNode } from '../read-model/nodes';
import { projectTopic } from '../read-model/topics';
import { reprojectUser } from '../read-model/users';
import { createTopic } from '../topics/create-topic';
import { Topic, type TopicDoc } from '../topics/model';
import { User, type UserDoc } from '../users/model';
import { issueToken } from '../users/tokens';
import type { RequestContext } from '../request-context';
import type { OutboxEntry } from '../events/outbox';
import { keepPendingEvents, pendingEventOf } from '../events/pending-events';

/** A user `user<id>` (a username the sign-up rules accept) named 用户<id>, with `overrides` (roles, times, …) on top. */
export async function buildUser(overrides: Partial<UserDoc> = {}): Promise<UserDoc> {
  const now = Date.now();
  const doc = await insertWithFreshId('user', User, (id) => {
    const username = overrides.username ?? `user${id}`;
    return User.create({
      _id: id,
      username,
      usernameLower: username.toLowerCase(),
      nickname: `用户${id}`,
      createTime: now,
      updateTime: now,
      ...overrides,
    });
  });
  await reprojectUser(doc._id);
  return doc.toObject();
}

export function buildAdmin(overrides: Partial<UserDoc> = {}): Promise<UserDoc> {
  return buildUser({ roles: ['admin'], ...overrides });
}

export function buildOwner(overrides: Partial<UserDoc> = {}): Promise<UserDoc> {
  return buildUser({ roles: ['owner'], ...overrides });
}

/** A user muted for ever (`forbiddenEndTime` -1) unless `overrides` gives an end. */
export function buildMutedUser(overrides: Partial<UserDoc> = {}): Promise<UserDoc> {
  return buildUser({ forbiddenEndTime: -1, ...overrides });
}

/** A user and a token that signs them in, for requests made as that user. */
export async function signedIn<User extends UserDoc>(
  user: User | Promise<User>,
): Promise<{ user: User; token: string }> {
  const built = await user;
  const { token } = await issueToken(built._id, 7);
  return { user: built, token };
}

/** The request context of a call made as `user` (null: a visitor), from a test client. */
export function contextFor(
  user: UserDoc | null,
  overrides: Partial<Omit<RequestContext, 'actor'>> = {},
): RequestContext {
  return { actor: user, ip: '', userAgent: '', referer: '', ...overrides };
}

/** A shown node 节点<id>. */
export async function buildNode(overrides: Partial<TopicNodeDoc> = {}): Promise<TopicNodeDoc> {
  const doc = await insertWithFreshId('topic_node', TopicNode, (id) =>
    TopicNode.create({
      _id: id,
      name: `节点${id}`,
      description: '',
      logo: '',
      sortNo: 0,
      status: 0,
      createTime: Date.now(),
      ...overrides,
    }),
  );
  await reprojectNode(doc._id);
  return doc.toObject<TopicNodeDoc>();
}

/** The node start-up creates (默认节点) on a database without nodes: ask for it before building others. */
export async function defaultNode(): Promise<TopicNodeDoc> {
  await ensureDefaultNode();
  const node = await TopicNode.findOne({ name: DEFAULT_NODE_NAME }).lean<TopicNodeDoc>();
  if (!node) throw new Error(`no node ${DEFAULT_NODE_NAME}: other nodes were built before it`);
  return node;
}

/** The default node and a shown node 语音识别 (ASR) after it: the two nodes topic tests post into. */
export async function buildTopicNodes(): Promise<{ defaultNodeId: number; otherNodeId: number }> {
  return {
    defaultNodeId: (await defaultNode())._id,
    otherNodeId: (await buildNode({ name: '语音识别', description: 'ASR', sortNo: 1 }))._id,
  };
}

/**
 * A shown topic 主题<id> written straight to the database, so that times can be given exactly; by
 * a new user in the default node unless `overrides` names them.
 */
export async function buildTopic(overrides: Partial<TopicDoc> = {}): Promise<TopicDoc> {
  const userId = overrides.userId ?? (await buildUser())._id;
  const nodeId = overrides.nodeId ?? (await defaultNode())._id;
  const now = Date.now();
  const doc = await insertWithFreshId('topic', Topic, (id) =>
    Topic.create({
      _id: id,
      type: 0,
      title: `主题${id}`,
      content: `内容${id}`,
      lastCommentTime: now,
      createTime: now,
      ...overrides,
      userId,
      nodeId,
    }),
  );
  const topic = doc.toObject<TopicDoc>();
  await projectTopic(topic);
  return topic;
}

/** A topic made through `createTopic`, as `author` would post it, in the default node. */
export function postTopic(author: UserDoc, title: string, content = '正文'): Promise<TopicDoc> {
  return createTopic(contextFor(author), { type: TopicType.Topic, nodeId: 0, title, content });
}

/** A shown article 文章<id> written straight to the database, by a new user unless `overrides` names one. */
export async function buildArticle(overrides: Partial<ArticleDoc> = {}): Promise<ArticleDoc> {
  const userId = overrides.userId ?? (await buildUser())._id;
  const now = Date.now();
  const doc = await insertWithFreshId('article', Article, (id) =>
    Article.create({
      _id: id,
      title: `文章${id}`,
      content: `内容${id}`,
      createTime: now,
      updateTime: now,
      ...overrides,
      userId,
    }),
  );
  await reprojectArticle(doc._id);
  return doc.toObject<ArticleDoc>();
}

/**
 * A comment 评论 made through `createComment`, as a user would: by `author` (a new user unless
 * given) on the entity `overrides` names, or on a new topic.
 */
export async function buildComment(
  overrides: Partial<CreateCommentInput> & { author?: UserDoc } = {},
): Promise<CommentDoc> {
  const { author, ...input } = overrides;
  const entityId = input.entityId ?? (await buildTopic())._id;
  return createComment(contextFor(author ?? (await buildUser())), {
    entityType: 'topic',
    content: '评论',
    ...input,
    entityId,
  });
}

/**
 * Records an event the way a write does before its jobs are queued (its `pending_events` row), for
 * tests that queue an event job themselves: a job whose event no write recorded is refused.
 */
export async function recordEvent(
  event: DomainEvent | OutboxEntry | EventJobData,
  model = 'TestEvents',
  documentId: unknown = 0,
): Promise<void> {
  const entry: OutboxEntry = { ...event, createdAt: new Date(event.createdAt) };
  await keepPendingEvents([pendingEventOf(model, documentId, entry)]);
}
