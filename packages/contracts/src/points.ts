/** What our web app reads of points (tRPC `points.*`); bbs-go's shapes stay in the legacy layer. */
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

/** A user in the points rank. */
export interface ScoreRankUser extends Author {
  topicCount: number;
  commentCount: number;
  score: number;
}
