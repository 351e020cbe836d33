import { z } from 'zod';

export const SearchInputSchema = z.object({
  keyword: z.string().max(200).default(''),
  kind: z.enum(['topic', 'article']).default('topic'),
  /** 0 all, −1 recommended, > 0 one node (topics only). */
  nodeId: z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).default(0),
  timeRange: z.number().int().min(0).max(4).default(0),
  /** 相关度 (best match first) or 最新 (newest first among the best-matched). */
  sort: z.enum(['relevance', 'newest']).default('relevance'),
  page: z.number().int().min(1).max(1000).default(1),
});
export type SearchInput = z.input<typeof SearchInputSchema>;

/** One hit as our web app shows it; `title` and `summary` are escaped HTML with highlight spans. */
export interface SearchResultItem {
  kind: 'topic' | 'article';
  id: number;
  url: string;
  title: string;
  summary: string;
  user: { id: number; nickname: string; avatar: string };
  node: { id: number; name: string } | null;
  tags: { id: number; name: string }[];
  createTime: number;
}

export interface SearchResultPage {
  kind: 'topic' | 'article';
  sort: 'relevance' | 'newest';
  page: number;
  limit: number;
  total: number;
  results: SearchResultItem[];
  /** Hits per kind for the same keyword and time range. */
  counts: { topic: number; article: number };
}
