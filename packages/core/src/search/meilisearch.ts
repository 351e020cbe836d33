/**
 * The Meilisearch engine (`MEILI_URL`, optional `MEILI_MASTER_KEY`): one index per kind with
 * Chinese settings (`localizedAttributes` cmn over title, tags and content; filterable `nodeId`,
 * `recommend`, `createTime`; sortable `createTime`). Meilisearch segments 待处理 as one word and so
 * misses 处理 inside it; every document therefore also carries its CJK character pairs in a
 * searchable `terms` field, where a two-character query word finds them, so parts of words are
 * found as the embedded engine finds them; the field also carries the canonical forms of numerals with units
 * (8k and 8000Hz are both 8khz) and joined hyphenated words (hifigan). A query is sent as its
 * words in canonical form (`queryTerms`), with the `last` matching strategy, as the embedded engine
 * matches. The settings (ranking rules, typo tolerance, synonyms for units and spellings) live in
 * `meili-settings.ts` and are applied to both indexes when the adapter starts (and again after a
 * failure, at the next use). Writes wait for their task, so a search right after sees them.
 */
import { Meilisearch } from 'meilisearch';
import { documentTerms } from './embedded';
import { MEILI_SEARCH_OPTIONS, meiliSettings } from './meili-settings';
import type { SearchDocument, SearchEngine, SearchHits, SearchKind, SearchQuery } from './port';
import { queryTerms } from './terms';

interface MeiliDocument {
  id: number;
  title: string;
  tags: string[];
  content: string;
  terms: string;
  nodeId: number;
  recommend: boolean;
  createTime: number;
}

export function createMeiliSearch(options: { url: string; apiKey?: string; prefix?: string }): SearchEngine {
  const client = new Meilisearch({ host: options.url, apiKey: options.apiKey });
  const uid = (kind: SearchKind) => `${options.prefix ?? ''}${kind}s`;
  const prepared = new Map<SearchKind, Promise<void>>();

  function indexOf(kind: SearchKind) {
    let ready = prepared.get(kind);
    if (!ready) {
      ready = (async () => {
        await client.createIndex(uid(kind), { primaryKey: 'id' }).waitTask();
        await client.index(uid(kind)).updateSettings(meiliSettings()).waitTask();
      })();
      prepared.set(kind, ready);
      ready.catch(() => prepared.delete(kind));
    }
    return ready.then(() => client.index<MeiliDocument>(uid(kind)));
  }
  // Applied on start; a failure here is retried at the first use of the index.
  for (const kind of ['topic', 'article'] as const) indexOf(kind).catch(() => undefined);

  return {
    name: 'meilisearch',
    async index(documents: SearchDocument[]) {
      for (const kind of ['topic', 'article'] as const) {
        const batch = documents.filter((document) => document.kind === kind);
        if (batch.length === 0) continue;
        const rows = batch.map((document) => ({
          id: document.id,
          title: document.title,
          tags: document.tags,
          content: document.content,
          terms: [...documentTerms(document).weights.keys()].join(' '),
          nodeId: document.nodeId,
          recommend: document.recommend,
          createTime: document.createTime,
        }));
        await (await indexOf(kind)).addDocuments(rows).waitTask();
      }
    },
    async remove(kind, id) {
      await (await indexOf(kind)).deleteDocument(id).waitTask();
    },
    async search(query: SearchQuery): Promise<SearchHits> {
      const terms = queryTerms(query.keyword);
      if (terms.length === 0) return { ids: [], total: 0 };
      const filter: string[] = [];
      const nodeId = query.nodeId ?? 0;
      if (query.kind === 'topic' && nodeId < 0) filter.push('recommend = true');
      if (query.kind === 'topic' && nodeId > 0) filter.push(`nodeId = ${nodeId}`);
      if (query.since) filter.push(`createTime >= ${query.since}`);
      const result = await (
        await indexOf(query.kind)
      ).search(terms.map((term) => term.key).join(' '), {
        filter,
        ...(query.sort === 'newest' && { sort: ['createTime:desc'] }),
        page: query.page,
        hitsPerPage: query.limit,
        ...MEILI_SEARCH_OPTIONS,
        attributesToRetrieve: ['id'],
      });
      return { ids: result.hits.map((hit) => Number(hit.id)), total: result.totalHits ?? result.hits.length };
    },
    async clear() {
      for (const kind of ['topic', 'article'] as const)
        await (await indexOf(kind)).deleteAllDocuments().waitTask();
    },
  };
}
