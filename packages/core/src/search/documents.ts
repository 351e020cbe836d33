/** What the index holds of a topic or an article: shown ones only, as plain text. */
import type { ArticleDoc } from '../articles/model';
import { htmlToText, renderMarkdown, renderText } from '../markdown';
import { memoizeById } from '../markdown/memo';
import { readArticle } from '../read-model/articles';
import { readTopic } from '../read-model/topics';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import type { TopicDoc } from '../topics/model';
import type { TagDoc } from '../tags/model';
import type { SearchDocument, SearchKind } from './port';
import { ArticleStatus, TopicStatus, TopicType } from '@forum/contracts';

const PLAIN = { baseUrl: '', urlRedirect: false };

/**
 * Plain texts kept under their topic's or article's id (the text compared on every use): a search
 * page shows twenty of them highlighted, and rendering each one's Markdown again cost more than
 * ranking the query.
 */
const topicTexts = memoizeById(
  (content: string, type: number) =>
    htmlToText(type === TopicType.Tweet ? renderText(content) : renderMarkdown(content, PLAIN)),
  String,
  8_000_000,
);
const articleTexts = memoizeById(
  (content: string, summary: string) => htmlToText(`${summary}\n${renderMarkdown(content, PLAIN)}`),
  (summary) => summary,
  8_000_000,
);

/** The names of a post's tags that still exist, in its order, from tags read beforehand. */
function tagNamesIn(ids: readonly number[] | undefined, tags: ReadonlyMap<number, TagDoc>): string[] {
  return ids?.length ? tagsIn(ids, tags).map((tag) => tag.name) : [];
}

async function tagsOf(ids: readonly number[] | undefined): Promise<ReadonlyMap<number, TagDoc>> {
  return ids?.length ? tagsByIds([...ids]) : new Map();
}

/** A topic's document, its tags read beforehand (`tags` holds them, and may hold others). */
export function topicDocumentWith(topic: TopicDoc, tags: ReadonlyMap<number, TagDoc>): SearchDocument {
  return {
    kind: 'topic',
    id: topic._id,
    title: topic.title ?? '',
    content: topicTexts(topic._id, topic.content ?? '', topic.type),
    tags: tagNamesIn(topic.tagIds, tags),
    nodeId: topic.nodeId ?? 0,
    recommend: !!topic.recommend,
    createTime: topic.createTime,
  };
}

/** An article's document, its tags read beforehand (`tags` holds them, and may hold others). */
export function articleDocumentWith(article: ArticleDoc, tags: ReadonlyMap<number, TagDoc>): SearchDocument {
  return {
    kind: 'article',
    id: article._id,
    title: article.title ?? '',
    content: articleTexts(article._id, article.content ?? '', article.summary ?? ''),
    tags: tagNamesIn(article.tagIds, tags),
    nodeId: 0,
    recommend: false,
    createTime: article.createTime,
  };
}

export async function topicDocument(topic: TopicDoc): Promise<SearchDocument> {
  return topicDocumentWith(topic, await tagsOf(topic.tagIds));
}

export async function articleDocument(article: ArticleDoc): Promise<SearchDocument> {
  return articleDocumentWith(article, await tagsOf(article.tagIds));
}

/** The document of a shown topic or article now, or null when it is hidden or gone. */
export async function currentDocument(kind: SearchKind, id: number): Promise<SearchDocument | null> {
  if (kind === 'topic') {
    const topic = await readTopic(id);
    return topic?.status === TopicStatus.Ok ? topicDocument(topic) : null;
  }
  const article = await readArticle(id);
  return article?.status === ArticleStatus.Ok ? articleDocument(article) : null;
}
