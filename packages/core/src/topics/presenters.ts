/**
 * Output shapes of topics: the legacy TopicResponse (§1.1, key order included) in its simple (list)
 * and detail forms, and our tRPC TopicItem. The authors, nodes and tags of a page are loaded with
 * one query each.
 */
import type { CursorPage, TopicDetail, TopicItem } from '@forum/contracts';
import { renderMarkdown, renderText, summarize, type RenderOptions } from '../markdown';
import { memoizeById } from '../markdown/memo';
import type { TopicNodeDoc } from '../nodes/model';
import { nodesByIds } from '../nodes/get-node';
import { legacyNode, type LegacyNode } from '../nodes/presenters';
import type { TagDoc } from '../tags/model';
import { legacyTag, presentTag, type LegacyTag } from '../tags/presenters';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import { topicAbilities, type PolicySubject } from '../policies';
import type { UserDoc } from '../users/model';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { presentUserCard, presentAuthor, type UserCard } from '../users/presenters';
import type { TopicDoc } from './model';
import type { TopicPage } from './list-topics';
import { Texts, TopicType } from '@forum/contracts';
import { cursorPageOf, type LegacyCursorPage } from '../cursor-page';

export const TOPIC_SUMMARY_LENGTH = 128;

export interface TopicRelations {
  users: Map<number, UserDoc>;
  nodes: Map<number, TopicNodeDoc>;
  tags: Map<number, TagDoc>;
  /** Ids of the topics the viewer liked. */
  liked: ReadonlySet<number>;
}

export async function loadTopicRelations(
  topics: TopicDoc[],
  liked: ReadonlySet<number> = new Set(),
): Promise<TopicRelations> {
  const [users, nodes, tags] = await Promise.all([
    usersByIds(topics.map((topic) => topic.userId)),
    nodesByIds(topics.map((topic) => topic.nodeId)),
    tagsByIds(topics.flatMap((topic) => topic.tagIds ?? [])),
  ]);
  return { users, nodes, tags, liked };
}

interface TopicText {
  summary: string;
  content: string;
  images: { url: string; preview: string }[];
}

/**
 * Summary, content and images of a topic. A tweet shows its escaped text (or "分享图片") and its
 * images; a topic shows a 128-character summary in lists and its rendered body in the detail.
 */
function topicText(topic: TopicDoc, detail: boolean, render: RenderOptions): TopicText {
  if (topic.type === TopicType.Tweet) {
    return {
      summary: '',
      content: topic.content ? renderText(topic.content) : Texts.topics.imageOnlyTweet,
      images: (topic.imageList ?? []).map((image) => ({ url: image.url, preview: image.url })),
    };
  }
  const content = topic.content ?? '';
  return detail
    ? { summary: '', content: topicBodies(topic._id, content, render), images: [] }
    : { summary: topicSummaries(topic._id, content, render), content: '', images: [] };
}

const renderVariant = (render: RenderOptions) => `${render.baseUrl}\n${String(render.urlRedirect)}`;

/**
 * Rendered bodies and list summaries, each kept under its topic's id: a list page reads 20 of them,
 * and a lookup by id that compares the text costs less than building and hashing a key of it.
 */
const topicBodies = memoizeById(renderMarkdown, renderVariant);
const topicSummaries = memoizeById(
  (content: string, render: RenderOptions) =>
    summarize(renderMarkdown(content, render), TOPIC_SUMMARY_LENGTH),
  renderVariant,
  4_000_000,
);

/** The topic's node; none for a node-less tweet (id 0) or a node deleted since. */
function nodeOf(topic: TopicDoc, relations: TopicRelations): TopicNodeDoc | undefined {
  return topic.nodeId > 0 ? relations.nodes.get(topic.nodeId) : undefined;
}

export interface LegacyTopic {
  topicId: number;
  type: number;
  user: UserCard;
  node: LegacyNode | null;
  tags: LegacyTag[] | null;
  title: string;
  summary: string;
  content: string;
  imageList: { url: string; preview: string }[] | null;
  lastCommentTime: number;
  viewCount: number;
  commentCount: number;
  likeCount: number;
  liked: boolean;
  createTime: number;
  recommend: boolean;
  recommendTime: number;
  sticky: boolean;
  stickyTime: number;
}

export function legacyTopic(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  detail = false,
): LegacyTopic {
  const text = topicText(topic, detail, render);
  const node = nodeOf(topic, relations);
  const tags = tagsIn(topic.tagIds, relations.tags);
  return {
    topicId: topic._id,
    type: topic.type,
    user: presentUserCard(relations.users.get(topic.userId), topic.userId),
    node: node ? legacyNode(node) : null,
    tags: tags.length ? tags.map(legacyTag) : null,
    title: topic.title ?? '',
    summary: text.summary,
    content: text.content,
    imageList: text.images.length ? text.images : null,
    lastCommentTime: topic.lastCommentTime,
    viewCount: topic.viewCount ?? 0,
    commentCount: topic.commentCount ?? 0,
    likeCount: topic.likeCount ?? 0,
    liked: relations.liked.has(topic._id),
    createTime: topic.createTime,
    recommend: !!topic.recommend,
    recommendTime: topic.recommendTime ?? 0,
    sticky: !!topic.sticky,
    stickyTime: topic.stickyTime ?? 0,
  };
}

/** Simple TopicResponses of a list, or null when it is empty (legacy §0.6). */
export async function legacyTopicList(
  topics: TopicDoc[],
  liked?: ReadonlySet<number>,
): Promise<LegacyTopic[] | null> {
  if (!topics.length) return null;
  const relations = await loadTopicRelations(topics, liked);
  const render = await siteRenderOptions();
  return topics.map((topic) => legacyTopic(topic, relations, render));
}

export type LegacyTopicPage = LegacyCursorPage<LegacyTopic>;

export async function legacyTopicPage(
  page: TopicPage,
  liked?: ReadonlySet<number>,
): Promise<LegacyTopicPage> {
  return cursorPageOf(await legacyTopicList(page.topics, liked), page);
}

/** One topic as a TopicResponse: the detail form, or the simple one (create and edit results). */
export async function legacyTopicOf(topic: TopicDoc, detail = false): Promise<LegacyTopic> {
  return legacyTopic(topic, await loadTopicRelations([topic]), await siteRenderOptions(), detail);
}

export function presentTopic(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  detail = false,
): TopicItem {
  const text = topicText(topic, detail, render);
  const node = nodeOf(topic, relations);
  return {
    id: topic._id,
    type: topic.type === TopicType.Tweet ? TopicType.Tweet : TopicType.Topic,
    title: topic.title ?? '',
    summary: text.summary,
    content: text.content,
    imageList: text.images,
    user: presentAuthor(presentUserCard(relations.users.get(topic.userId), topic.userId)),
    node: node ? { id: node._id, name: node.name } : null,
    tags: tagsIn(topic.tagIds, relations.tags).map(presentTag),
    viewCount: topic.viewCount ?? 0,
    commentCount: topic.commentCount ?? 0,
    likeCount: topic.likeCount ?? 0,
    liked: relations.liked.has(topic._id),
    recommend: !!topic.recommend,
    sticky: !!topic.sticky,
    lastCommentTime: topic.lastCommentTime,
    createTime: topic.createTime,
  };
}

export async function presentTopics(topics: TopicDoc[], liked?: ReadonlySet<number>): Promise<TopicItem[]> {
  const relations = await loadTopicRelations(topics, liked);
  const render = await siteRenderOptions();
  return topics.map((topic) => presentTopic(topic, relations, render));
}

export async function presentTopicPage(
  page: TopicPage,
  liked?: ReadonlySet<number>,
): Promise<CursorPage<TopicItem>> {
  return cursorPageOf(await presentTopics(page.topics, liked), page);
}

/** The detail with what `viewer` (null: a visitor) may do to the topic. */
export async function presentTopicDetail(
  topic: TopicDoc,
  viewer: PolicySubject | null,
): Promise<TopicDetail> {
  const item = presentTopic(topic, await loadTopicRelations([topic]), await siteRenderOptions(), true);
  return { ...item, hasHiddenContent: !!topic.hideContent?.trim(), can: topicAbilities(viewer, topic) };
}
