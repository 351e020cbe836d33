import { readCheckIns } from '../read-model/check-ins';
import type { UserDoc } from '../users/model';
import { siteDayNameOf } from '../points/rules';

/** The reader's check-in record with whether it is today's, or null (anonymous, never). */
export async function checkInState(user: UserDoc | null | undefined, now = Date.now()) {
  if (!user) return null;
  const record = (await readCheckIns([user._id])).get(user._id);
  return record ? { ...record, checkIn: record.latestDayName === (await siteDayNameOf(now)) } : null;
}
