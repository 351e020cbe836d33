import { topDesc } from '../read-model/lists';
import { scoreLists } from '../read-model/scores';
import type { UserDoc } from '../users/model';
import { usersByIds } from '../users/users';

export const SCORE_RANK_SIZE = 10;

/** The ten users with the most points. */
export async function scoreRank(): Promise<UserDoc[]> {
  const ids = await topDesc(scoreLists.totals(), SCORE_RANK_SIZE);
  const users = await usersByIds(ids);
  return ids.map((id) => users.get(id)).filter((user): user is UserDoc => Boolean(user));
}
