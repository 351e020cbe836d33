/**
 * Check-ins: `present*` is what our web app reads over tRPC (the contracts' items), `legacy*` the
 * bbs-go shapes of the legacy endpoints (key order included), built on them.
 */
import type { CheckInItem, CheckInRankItem, CheckInStateItem } from '@forum/contracts';
import { legacyUserInfo, presentAuthor } from '../users/presenters';
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

/** A check-in record as legacy clients read it: the row's id is its user's. */
export function legacyCheckIn(record: CheckInDoc) {
  return { id: record._id, ...presentCheckIn(record) };
}

/** The reader's check-in: the record and `checkIn` (today's), or null. */
export function presentCheckInState(
  state: Awaited<ReturnType<typeof checkInState>>,
): CheckInStateItem | null {
  return state ? { ...presentCheckIn(state), checkIn: state.checkIn } : null;
}

/** The same as legacy clients read it. */
export function legacyCheckInState(state: Awaited<ReturnType<typeof checkInState>>) {
  return state ? { ...legacyCheckIn(state), checkIn: state.checkIn } : null;
}

/** Today's check-in rank: each record with its user. */
export function presentCheckInRank(rank: Awaited<ReturnType<typeof checkInRank>>): CheckInRankItem[] {
  return rank.map(({ checkIn: row, user }) => ({
    ...presentCheckIn(row),
    user: presentAuthor(legacyUserInfo(user)),
  }));
}

/** The same as legacy clients read it: each record with its user's UserInfo. */
export function legacyCheckInRank(rank: Awaited<ReturnType<typeof checkInRank>>) {
  return rank.map(({ checkIn: row, user }) => ({ ...legacyCheckIn(row), user: legacyUserInfo(user) }));
}
