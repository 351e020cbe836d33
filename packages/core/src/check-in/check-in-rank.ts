import { firstCheckIns, readCheckIns } from '../read-model/check-ins';
import type { UserDoc } from '../users/model';
import { usersByIds } from '../users/users';
import type { CheckInDoc } from './model';
import { siteDayNameOf } from '../points/rules';

export const CHECK_IN_RANK_SIZE = 10;

/** Today's first ten check-ins, earliest first, each with its user. */
export async function checkInRank(now = Date.now()): Promise<{ checkIn: CheckInDoc; user: UserDoc }[]> {
  const userIds = await firstCheckIns(await siteDayNameOf(now), CHECK_IN_RANK_SIZE);
  const [users, records] = await Promise.all([usersByIds(userIds), readCheckIns(userIds)]);
  return userIds.flatMap((id) => {
    const user = users.get(id);
    const record = records.get(id);
    return record && user ? [{ checkIn: record, user }] : [];
  });
}
