/** Points as our web app reads them over tRPC (the contracts' items). */
import type { ScoreLogItem, ScoreRankUser } from '@forum/contracts';
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
