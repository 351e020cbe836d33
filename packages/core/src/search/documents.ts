/** What the index holds of a topic or an article: shown ones only, as plain text. */
import type { ArticleDoc } from '../articles/model';
import { htmlToText, renderMarkdown, renderText } from '../markdown';
import { memoizeById } from '../markdown/memo';
import { readArticle } from '../read-model/articles';
import { readTopic } from '../read-model/topics';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import type { TopicDoc } from '../topics/model';
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

async function tagNames(ids: readonly number[] | undefined): Promise<string[]> {
  if (!ids?.length) return [];
  const tags = await tagsByIds([...ids]);
  return tagsIn(ids, tags).map((tag) => tag.name);
}

export async function topicDocument(topic: TopicDoc): Promise<SearchDocument> {
  return {
    kind: 'topic',
    id: topic._id,
    title: topic.title ?? '',
    content: topicTexts(topic._id, topic.content ?? '', topic.type),
    tags: await tagNames(topic.tagIds),
    nodeId: topic.nodeId ?? 0,
    recommend: !!topic.recommend,
    createTime: topic.createTime,
  };
}

export async function articleDocument(article: ArticleDoc): Promise<SearchDocument> {
  return {
    kind: 'article',
    id: article._id,
    title: article.title ?? '',
    content: articleTexts(article._id, article.content ?? '', article.summary ?? ''),
    tags: await tagNames(article.tagIds),
    nodeId: 0,
    recommend: false,
    createTime: article.createTime,
  };
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
