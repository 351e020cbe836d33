/**
 * Rebuilding the search index with the read model (`npm run reindex`, or a process that finds Redis
 * emptied): every shown topic and article is indexed again, after the tags they name.
 */
import { Article, type ArticleDoc } from '../articles/model';
import { defineRebuildSource } from '../read-model/rebuild';
import type { DocumentSource } from '../read-model/store';
import { Topic, type TopicDoc } from '../topics/model';
import { articleDocument, topicDocument } from './documents';
import { searchEngine, type SearchDocument } from './port';

function defineSearchSource<Doc extends { status?: number | null }>(
  name: 'topics' | 'articles',
  model: DocumentSource,
  document: (doc: Doc) => Promise<SearchDocument>,
): void {
  defineRebuildSource<Doc>({
    name: `search: ${name}`,
    model,
    projection: { outbox: 0 },
    after: ['tags', name],
    async project(doc) {
      if (doc.status === 0) await searchEngine().index([await document(doc)]);
    },
  });
}

defineSearchSource<TopicDoc>('topics', Topic, topicDocument);
defineSearchSource<ArticleDoc>('articles', Article, articleDocument);
