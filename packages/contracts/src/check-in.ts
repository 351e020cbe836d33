/** What our web app reads of check-ins (tRPC `checkIn.*`); bbs-go's shapes stay in the legacy layer. */
import type { Author } from './users';

/** A user's check-in record: the last day (yyyyMMdd in the site's time zone) and the run of days. */
export interface CheckInItem {
  userId: number;
  latestDayName: number;
  consecutiveDays: number;
  createTime: number;
  updateTime: number;
}

/** The reader's check-in, with whether it is today's. */
export interface CheckInStateItem extends CheckInItem {
  checkIn: boolean;
}

/** One of today's first check-ins, with who made it. */
export interface CheckInRankItem extends CheckInItem {
  user: Author;
}
