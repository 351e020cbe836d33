/** The bbs-go wire shapes of check-ins and points (key order included), built on core's items. */
import {
  presentCheckIn,
  presentScoreLog,
  type checkInRank,
  type checkInState,
  type CheckInDoc,
  type UserScoreLogDoc,
} from '@forum/core';
import { legacyUserInfo } from './users';

/** A check-in record as legacy clients read it: the row's id is its user's. */
export function legacyCheckIn(record: CheckInDoc) {
  return { id: record._id, ...presentCheckIn(record) };
}

/** The reader's check-in: the record and `checkIn` (today's), or null. */
export function legacyCheckInState(state: Awaited<ReturnType<typeof checkInState>>) {
  return state ? { ...legacyCheckIn(state), checkIn: state.checkIn } : null;
}

/** Today's check-in rank: each record with its user's UserInfo. */
export function legacyCheckInRank(rank: Awaited<ReturnType<typeof checkInRank>>) {
  return rank.map(({ checkIn: row, user }) => ({ ...legacyCheckIn(row), user: legacyUserInfo(user) }));
}

/** A score-log row as legacy clients read it: the line with its user's id. */
export function legacyScoreLog(log: UserScoreLogDoc) {
  const { id, ...line } = presentScoreLog(log);
  return { id, userId: log.userId, ...line };
}
