/** What the link use cases share. */
import type { LinkDoc } from './model';

/** Whether `id` can name a link at all (checked before asking MongoDB). */
export const validLinkId = (id: number) => Number.isSafeInteger(id) && id > 0;

export interface LinkPageResult {
  page: { page: number; limit: number; total: number };
  results: LinkDoc[];
}
