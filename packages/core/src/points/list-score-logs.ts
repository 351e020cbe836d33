import { pageByNumber } from '../read-model/lists';
import { readScoreLogs, scoreLists } from '../read-model/scores';
import type { UserDoc } from '../users/model';

export const SCORE_LOG_PAGE_SIZE = 20;

/** A user's score log, newest first, 20 a page. */
export async function listScoreLogs(user: UserDoc, page = 1) {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const { ids, total } = await pageByNumber(scoreLists.logs(user._id), safePage, SCORE_LOG_PAGE_SIZE);
  return {
    page: { page: safePage, limit: SCORE_LOG_PAGE_SIZE, total },
    results: await readScoreLogs(ids),
  };
}
