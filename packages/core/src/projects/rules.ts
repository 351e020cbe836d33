/** What the project use cases share. */
import type { ProjectDoc } from './model';

/** Whether `id` can name a project at all (checked before asking MongoDB). */
export const validProjectId = (id: number) => Number.isSafeInteger(id) && id > 0;

export interface ProjectPageResult {
  page: { page: number; limit: number; total: number };
  results: ProjectDoc[];
}
