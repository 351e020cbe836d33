/**
 * The search port: what the forum asks of a search engine, with two adapters behind it — the
 * embedded index in Redis (the default, no extra service) and Meilisearch (`MEILI_URL`). Both pass
 * the same contract test (`engines.contract.test.ts`). Documents are shown topics and articles as plain
 * text; hiding one removes it.
 */
export type SearchKind = 'topic' | 'article';

export interface SearchDocument {
  kind: SearchKind;
  id: number;
  title: string;
  /** Plain text of the body (Markdown rendered, tags stripped). */
  content: string;
  tags: string[];
  nodeId: number;
  recommend: boolean;
  createTime: number;
}

/** Best match first (the default), or newest first among the best-matched (最新). */
export type SearchSort = 'relevance' | 'newest';

export interface SearchQuery {
  kind: SearchKind;
  keyword: string;
  /** 0 all, −1 recommended, > 0 one node (topics only). */
  nodeId?: number;
  /** Only documents created at or after this time (ms). */
  since?: number;
  /** 'relevance' when absent. */
  sort?: SearchSort;
  page: number;
  limit: number;
}

export interface SearchHits {
  ids: number[];
  total: number;
}

export interface SearchEngine {
  readonly name: string;
  /** Adds or replaces a document (idempotent). */
  index(documents: SearchDocument[]): Promise<void>;
  remove(kind: SearchKind, id: number): Promise<void>;
  /**
   * Ids best first, as Meilisearch's `last` matching strategy groups them: documents with every
   * query word, then without the last word, and so on down to the first word alone (none without
   * it); within a group by relevance (then newest), or newest first when sorted by 'newest'.
   */
  search(query: SearchQuery): Promise<SearchHits>;
  /** Drops every document (before a full reindex). */
  clear(): Promise<void>;
}

let engine: SearchEngine | undefined;
let fallback: (() => SearchEngine) | undefined;

/** Set at start-up (Meilisearch when `MEILI_URL` is set); `undefined` goes back to the default. */
export function setSearchEngine(next: SearchEngine | undefined): void {
  engine = next;
}

/** The engine used when none was set: the embedded one (registered by its module). */
export function setDefaultSearchEngine(make: () => SearchEngine): void {
  fallback = make;
}

export function searchEngine(): SearchEngine {
  engine ??= fallback?.();
  if (!engine) throw new Error('no search engine configured');
  return engine;
}
