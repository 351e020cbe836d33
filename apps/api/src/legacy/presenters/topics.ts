/**
 * The bbs-go wire shape of topics: TopicResponse (docs/legacy-api.md §1.1, key order included) in its
 * simple (list) and detail forms, built on core's topic parts. The authors, nodes and tags of a
 * page are loaded with one query each.
 */
import {
  entityStamp,
  loadTopicRelations,
  renderVariant,
  siteRenderOptions,
  topicNodeOf,
  type RenderOptions,
  type TopicDoc,
  type TopicPage,
  type TopicRelations,
  type AdminTopic,
  topicRow,
  loadTopicDetail,
} from '@forum/core';
import { legacyCursor, type LegacyCursorPage } from './cursor-page';
import { jsonArray, jsonBytes, type JsonText } from '../json-text';

/** TopicResponse: the console's topic row without its status and node id (key order as bbs-go's). */
export type LegacyTopic = Omit<AdminTopic, 'status' | 'nodeId'>;

/** A page of simple TopicResponses (docs/legacy-api.md §0.6), its rows as JSON (see `legacyTopicList`). */
export type LegacyTopicPage = Omit<LegacyCursorPage<LegacyTopic>, 'results'> & { results: JsonText | null };

function legacyTopic(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  detail = false,
): LegacyTopic {
  return topicRow(topic, relations, render, detail);
}

/** A list row's JSON, and what it was made from (see `listRowJson`). */
interface KeptRow {
  topic: string;
  author: string;
  level: number | undefined;
  levelTitle: string | undefined;
  node: object | undefined;
  tags: readonly (object | undefined)[];
  variant: string;
  json: Buffer;
}

/**
 * The JSON of the list rows this process made lately, by topic id. A row is the same text as long
 * as everything it is made from is the same: the topic's and its author's documents and counts
 * (their read-model stamps), the author's level, the node and tags (the same kept documents) and
 * the rendering settings. A rotating list page meets most of its rows again on the pages around
 * it; building and writing them was a fifth of its CPU.
 */
const keptRows = new Map<number, KeptRow>();
const KEPT_ROWS_MAX = 20_000;

function sameTags(
  kept: readonly (object | undefined)[],
  tagIds: readonly number[],
  relations: TopicRelations,
): boolean {
  if (kept.length !== tagIds.length) return false;
  for (let i = 0; i < tagIds.length; i++) if (kept[i] !== relations.tags.get(tagIds[i]!)) return false;
  return true;
}

/**
 * A simple TopicResponse as JSON, kept for the next page that shows it. A row the reader liked,
 * or whose topic or author has no stamp (read some other way than by the read model's page read),
 * is made anew and not kept.
 */
function listRowJson(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  variant: string,
): Buffer {
  const author = relations.users.get(topic.userId);
  const topicStamp = entityStamp(topic);
  const authorStamp = author && entityStamp(author);
  const tagIds = topic.tagIds ?? [];
  if (topicStamp === undefined || authorStamp === undefined || relations.liked.has(topic._id)) {
    return jsonBytes(legacyTopic(topic, relations, render));
  }
  const kept = keptRows.get(topic._id);
  if (
    kept &&
    kept.topic === topicStamp &&
    kept.author === authorStamp &&
    kept.level === author!.level &&
    kept.levelTitle === author!.levelTitle &&
    kept.node === topicNodeOf(topic, relations) &&
    kept.variant === variant &&
    sameTags(kept.tags, tagIds, relations)
  ) {
    return kept.json;
  }
  const json = jsonBytes(legacyTopic(topic, relations, render));
  if (keptRows.size >= KEPT_ROWS_MAX && !kept) keptRows.clear();
  keptRows.set(topic._id, {
    topic: topicStamp,
    author: authorStamp,
    level: author!.level,
    levelTitle: author!.levelTitle,
    node: topicNodeOf(topic, relations),
    tags: tagIds.map((id) => relations.tags.get(id)),
    variant,
    json,
  });
  return json;
}

/**
 * Simple TopicResponses of a list as a JSON array, or null when it is empty (docs/legacy-api.md
 * §0.6). JSON rather than objects: each row's text is kept for the next page that shows it.
 */
export async function legacyTopicList(
  topics: TopicDoc[],
  liked?: ReadonlySet<number>,
): Promise<JsonText | null> {
  if (!topics.length) return null;
  const relations = await loadTopicRelations(topics, liked);
  const render = await siteRenderOptions();
  const variant = renderVariant(render);
  return jsonArray(topics.map((topic) => listRowJson(topic, relations, render, variant)));
}

export async function legacyTopicPage(
  page: TopicPage,
  liked?: ReadonlySet<number>,
): Promise<LegacyTopicPage> {
  return { results: await legacyTopicList(page.topics, liked), ...legacyCursor(page) };
}

/** One topic as a TopicResponse: the detail form, or the simple one (create and edit results). */
export async function legacyTopicOf(topic: TopicDoc, detail = false): Promise<LegacyTopic> {
  if (!detail) return legacyTopic(topic, await loadTopicRelations([topic]), await siteRenderOptions());
  const parts = await loadTopicDetail(topic);
  return legacyTopic(parts.topic, parts.relations, parts.render, true);
}
