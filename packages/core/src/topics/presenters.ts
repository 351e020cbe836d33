/**
 * Output shapes of topics: our tRPC TopicItem, and the parts other shapes build on (text, node).
 * The authors, nodes and tags of a page are loaded with one query each.
 */
import type { CursorPage, TopicDetail, TopicItem } from '@forum/contracts';
import { linkMentions, renderText, type RenderOptions } from '../markdown';
import { renderTopicBody, renderVariant, summarizeTopicBody } from './rendering';
import { withTopicBody } from '../read-model/topics';
import { memoizeById } from '../markdown/memo';
import type { TopicNodeDoc } from '../nodes/model';
import { nodesByIds } from '../nodes/get-node';
import type { TagDoc } from '../tags/model';
import { presentTag } from '../tags/presenters';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import { topicAbilities, type PolicySubject } from '../policies';
import type { UserDoc } from '../users/model';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { presentUserCard, presentAuthor } from '../users/presenters';
import type { TopicDoc } from './model';
import type { TopicPage } from './list-topics';
import { Texts, TopicType } from '@forum/contracts';
import { cursorPageOf } from '../cursor-page';

export { TOPIC_SUMMARY_LENGTH } from './rendering';

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

export interface TopicText {
  summary: string;
  content: string;
  images: { url: string; preview: string }[];
}

/**
 * Summary, content and images of a topic. A tweet shows its escaped text (or "分享图片") and its
 * images; a topic shows a 128-character summary in lists and its rendered body in the detail.
 * Mentions are links in the detail only.
 */
export function topicText(topic: TopicDoc, detail: boolean, render: RenderOptions): TopicText {
  if (topic.type === TopicType.Tweet) {
    return {
      summary: '',
      // Lists show a tweet's text inside a link to it: its mentions are links on its own page only.
      content: topic.content
        ? linkMentions(renderText(topic.content), detail ? topic.mentions : null)
        : Texts.topics.imageOnlyTweet,
      images: (topic.imageList ?? []).map((image) => ({ url: image.url, preview: image.url })),
    };
  }
  const content = topic.content ?? '';
  // Made when the topic entered the read model (see rendering.ts), unless the settings changed since.
  const rendered = topic.rendered?.variant === renderVariant(render) ? topic.rendered : undefined;
  return detail
    ? {
        summary: '',
        content: linkMentions(rendered?.body ?? topicBodies(topic._id, content, render), topic.mentions),
        images: [],
      }
    : { summary: rendered?.summary ?? topicSummaries(topic._id, content, render), content: '', images: [] };
}

/**
 * Rendered bodies and list summaries of topics cached without a rendering of these settings, each
 * kept under its topic's id: a lookup by id that compares the text costs less than building and
 * hashing a key of it.
 */
const topicBodies = memoizeById(renderTopicBody, renderVariant);
const topicSummaries = memoizeById(
  (content: string, render: RenderOptions) => summarizeTopicBody(renderTopicBody(content, render)),
  renderVariant,
  4_000_000,
);

/** The topic's node; none for a node-less tweet (id 0) or a node deleted since. */
export function topicNodeOf(topic: TopicDoc, relations: TopicRelations): TopicNodeDoc | undefined {
  return topic.nodeId > 0 ? relations.nodes.get(topic.nodeId) : undefined;
}

export function presentTopic(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  detail = false,
): TopicItem {
  const text = topicText(topic, detail, render);
  const node = topicNodeOf(topic, relations);
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
    editTime: topic.editTime ?? 0,
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

/**
 * What a topic's own page is built from, on either transport: the topic with the body the read model
 * keeps rendered beside it (lists carry only the summary), its relations and the render settings.
 */
export async function loadTopicDetail(
  topic: TopicDoc,
): Promise<{ topic: TopicDoc; relations: TopicRelations; render: RenderOptions }> {
  const render = await siteRenderOptions();
  const [relations, withBody] = await Promise.all([
    loadTopicRelations([topic]),
    withTopicBody(topic, renderVariant(render)),
  ]);
  return { topic: withBody, relations, render };
}

/** The detail with what `viewer` (null: a visitor) may do to the topic. */
export async function presentTopicDetail(
  topic: TopicDoc,
  viewer: PolicySubject | null,
): Promise<TopicDetail> {
  const detail = await loadTopicDetail(topic);
  const item = presentTopic(detail.topic, detail.relations, detail.render, true);
  return { ...item, hasHiddenContent: !!topic.hideContent?.trim(), can: topicAbilities(viewer, topic) };
}
