/** Points and check-ins as legacy clients and both transports answer them. */
import { legacyUserInfo } from '../users/presenters';
import type { checkInRank } from './check-in-rank';
import type { checkInState } from './get-check-in-state';
import type { CheckInDoc, UserScoreLogDoc } from './model';

/** A score-log row as legacy clients read it. */
export function legacyScoreLog(log: UserScoreLogDoc) {
  return {
    id: log._id,
    userId: log.userId,
    sourceType: log.sourceType,
    sourceId: log.sourceId,
    description: log.description,
    type: log.type,
    score: log.score,
    createTime: log.createTime,
  };
}

/** A check-in record as legacy clients read it. */
export function legacyCheckIn(record: CheckInDoc) {
  return {
    id: record._id,
    userId: record._id,
    latestDayName: record.latestDayName,
    consecutiveDays: record.consecutiveDays,
    createTime: record.createTime,
    updateTime: record.updateTime,
  };
}

/** The reader's check-in as both transports answer it: the record and `checkIn` (today's), or null. */
export function presentCheckInState(state: Awaited<ReturnType<typeof checkInState>>) {
  return state ? { ...legacyCheckIn(state), checkIn: state.checkIn } : null;
}

/** Today's check-in rank as both transports answer it: each record with its user's UserInfo. */
export function presentCheckInRank(rank: Awaited<ReturnType<typeof checkInRank>>) {
  return rank.map(({ checkIn: row, user }) => ({ ...legacyCheckIn(row), user: legacyUserInfo(user) }));
}
