/**
 * Rebuilding the search index with the read model (`npm run reindex`, or a process that finds Redis
 * emptied): every shown topic and article is indexed again, after the tags they name.
 */
import { Article, type ArticleDoc } from '../articles/model';
import { defineRebuildSource } from '../read-model/rebuild';
import { Topic, type TopicDoc } from '../topics/model';
import { articleDocument, topicDocument } from './documents';
import { searchEngine } from './port';

defineRebuildSource<TopicDoc>({
  name: 'search: topics',
  model: Topic as never,
  projection: { outbox: 0 },
  after: ['tags', 'topics'],
  async project(topic) {
    if (topic.status === 0) await searchEngine().index([await topicDocument(topic)]);
  },
});

defineRebuildSource<ArticleDoc>({
  name: 'search: articles',
  model: Article as never,
  projection: { outbox: 0 },
  after: ['tags', 'articles'],
  async project(article) {
    if (article.status === 0) await searchEngine().index([await articleDocument(article)]);
  },
});
