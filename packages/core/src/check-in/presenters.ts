/** Check-ins as our web app reads them over tRPC (the contracts' items). */
import type { CheckInItem, CheckInRankItem, CheckInStateItem } from '@forum/contracts';
import { presentUserCard, presentAuthor } from '../users/presenters';
import type { checkInRank } from './check-in-rank';
import type { checkInState } from './get-check-in-state';
import type { CheckInDoc } from './model';

/** A user's check-in record as our web app reads it. */
export function presentCheckIn(record: CheckInDoc): CheckInItem {
  return {
    userId: record._id,
    latestDayName: record.latestDayName,
    consecutiveDays: record.consecutiveDays,
    createTime: record.createTime,
    updateTime: record.updateTime,
  };
}

/** The reader's check-in: the record and `checkIn` (today's), or null. */
export function presentCheckInState(
  state: Awaited<ReturnType<typeof checkInState>>,
): CheckInStateItem | null {
  return state ? { ...presentCheckIn(state), checkIn: state.checkIn } : null;
}

/** Today's check-in rank: each record with its user. */
export function presentCheckInRank(rank: Awaited<ReturnType<typeof checkInRank>>): CheckInRankItem[] {
  return rank.map(({ checkIn: row, user }) => ({
    ...presentCheckIn(row),
    user: presentAuthor(presentUserCard(user)),
  }));
}
