import './rebuild';
export { createEmbeddedSearch, INDEXED_CONTENT_LENGTH } from './embedded';
export { createMeiliSearch } from './meilisearch';
export { highlight, highlightFragment } from './highlight';
export {
  searchEngine,
  setSearchEngine,
  type SearchDocument,
  type SearchEngine,
  type SearchKind,
  type SearchQuery,
  type SearchSort,
} from './port';
export { search, searchTopicHits, type TopicHit } from './search';
export { reindexSearch, reindexSearchJob, searchJobs, syncSearchDocument } from './jobs';
export { queryTerms, termsOf, type Segmenter } from './terms';
export { articleDocument, topicDocument } from './documents';
