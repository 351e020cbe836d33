/**
 * The bbs-go wire shape of topics: TopicResponse (docs/legacy-api.md §1.1, key order included) in its
 * simple (list) and detail forms, built on core's topic parts. The authors, nodes and tags of a
 * page are loaded with one query each.
 */
import {
  loadTopicRelations,
  siteRenderOptions,
  type RenderOptions,
  type TopicDoc,
  type TopicPage,
  type TopicRelations,
  type AdminTopic,
  topicRow,
  loadTopicDetail,
} from '@forum/core';
import { legacyCursorPage, type LegacyCursorPage } from './cursor-page';

/** TopicResponse: the console's topic row without its status and node id (key order as bbs-go's). */
export type LegacyTopic = Omit<AdminTopic, 'status' | 'nodeId'>;

export type LegacyTopicPage = LegacyCursorPage<LegacyTopic>;

function legacyTopic(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  detail = false,
): LegacyTopic {
  return topicRow(topic, relations, render, detail);
}

/** Simple TopicResponses of a list, or null when it is empty (docs/legacy-api.md §0.6). */
export async function legacyTopicList(
  topics: TopicDoc[],
  liked?: ReadonlySet<number>,
): Promise<LegacyTopic[] | null> {
  if (!topics.length) return null;
  const relations = await loadTopicRelations(topics, liked);
  const render = await siteRenderOptions();
  return topics.map((topic) => legacyTopic(topic, relations, render));
}

export async function legacyTopicPage(
  page: TopicPage,
  liked?: ReadonlySet<number>,
): Promise<LegacyTopicPage> {
  return legacyCursorPage(await legacyTopicList(page.topics, liked), page);
}

/** One topic as a TopicResponse: the detail form, or the simple one (create and edit results). */
export async function legacyTopicOf(topic: TopicDoc, detail = false): Promise<LegacyTopic> {
  if (!detail) return legacyTopic(topic, await loadTopicRelations([topic]), await siteRenderOptions());
  const parts = await loadTopicDetail(topic);
  return legacyTopic(parts.topic, parts.relations, parts.render, true);
}
