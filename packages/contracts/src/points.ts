/** What our web app reads of points and check-ins (tRPC `points.*`); bbs-go's shapes stay in the legacy layer. */
import type { Author } from './users';

/** One line of the reader's score log: `type` 0 adds points, 1 takes them. */
export interface ScoreLogItem {
  id: number;
  sourceType: string;
  sourceId: string;
  description: string;
  type: number;
  score: number;
  createTime: number;
}

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

/** A user in the points rank. */
export interface ScoreRankUser extends Author {
  topicCount: number;
  commentCount: number;
  score: number;
}
