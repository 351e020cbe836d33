import { z } from 'zod';
import { CursorInputSchema } from './paging';

/** What can be favourited. */
export const FavoriteEntityTypes = ['topic', 'article'] as const;
export type FavoriteEntityType = (typeof FavoriteEntityTypes)[number];

export const FAVORITE_PAGE_SIZE = 20;
/** Characters of the favourited content shown in the list. */
export const FAVORITE_SUMMARY_LENGTH = 256;

export const FavoriteTargetSchema = z.object({
  entityType: z.enum(FavoriteEntityTypes),
  entityId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type FavoriteTarget = z.infer<typeof FavoriteTargetSchema>;

/** The viewer's favourites, newest first; `cursor` is the last favourite id seen. */
export const FavoriteListInputSchema = CursorInputSchema;

/** A favourite as our web app reads it; `deleted` when the target is gone or hidden. */
export interface FavoriteItem {
  id: number;
  entityType: FavoriteEntityType;
  entityId: number;
  deleted: boolean;
  title: string;
  /** Plain-text summary of the content. */
  summary: string;
  user: { id: number; nickname: string; avatar: string } | null;
  /** Absolute address of the favourited page. */
  url: string;
  createTime: number;
}
