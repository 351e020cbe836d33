/** Points as our web app reads them over tRPC (the contracts' items). */
import { Texts, type ScoreLogItem, type ScoreRankUser } from '@forum/contracts';
import type { UserDoc } from '../users/model';
import { presentUserCard, presentAuthor } from '../users/presenters';
import type { UserScoreLogDoc } from './model';

/** A line of the reader's own score log. */
export function presentScoreLog(log: UserScoreLogDoc): ScoreLogItem {
  return {
    id: log._id,
    sourceType: log.sourceType,
    sourceId: log.sourceId,
    description: log.description,
    type: log.type,
    score: log.score,
    createTime: log.createTime,
  };
}

/** A stored check-in description, `签到<yyyyMMdd>` (Texts.points.checkIn). */
const CHECK_IN_DESCRIPTION = /^签到(\d{4})(\d{2})(\d{2})$/;

/**
 * What a score log line says, as a reader reads it: a check-in's `签到20261128` becomes
 * `每日签到 · 11月28日`; every other line is shown as stored. Only the presentation changes: the
 * stored row, and the legacy wire built on `presentScoreLog`, keep bbs-go's text.
 */
export function readableScoreDescription(log: Pick<UserScoreLogDoc, 'sourceType' | 'description'>): string {
  const match = log.sourceType === 'checkIn' ? CHECK_IN_DESCRIPTION.exec(log.description ?? '') : null;
  if (!match) return log.description;
  return Texts.points.checkInReadable(Number(match[2]), Number(match[3]));
}

/** A line of the score log for our web app: `presentScoreLog` with the readable description. */
export function presentReadableScoreLog(log: UserScoreLogDoc): ScoreLogItem {
  return { ...presentScoreLog(log), description: readableScoreDescription(log) };
}

/** The points rank: each user with UserInfo's placeholders, their counts and points. */
export function presentScoreRank(users: UserDoc[]): ScoreRankUser[] {
  return users.map((user) => {
    const info = presentUserCard(user);
    return {
      ...presentAuthor(info),
      topicCount: info.topicCount,
      commentCount: info.commentCount,
      score: info.score,
    };
  });
}
