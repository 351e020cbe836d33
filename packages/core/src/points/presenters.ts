/**
 * Points: `present*` is what our web app reads over tRPC (the contracts' items),
 * `legacy*` the bbs-go shapes of the legacy endpoints (key order included), built on them.
 */
import type { ScoreLogItem, ScoreRankUser } from '@forum/contracts';
import type { UserDoc } from '../users/model';
import { legacyUserInfo, presentAuthor } from '../users/presenters';
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

/** A score-log row as legacy clients read it: the line with its user's id. */
export function legacyScoreLog(log: UserScoreLogDoc) {
  const { id, ...line } = presentScoreLog(log);
  return { id, userId: log.userId, ...line };
}

/** The points rank: each user with UserInfo's placeholders, their counts and points. */
export function presentScoreRank(users: UserDoc[]): ScoreRankUser[] {
  return users.map((user) => {
    const info = legacyUserInfo(user);
    return {
      ...presentAuthor(info),
      topicCount: info.topicCount,
      commentCount: info.commentCount,
      score: info.score,
    };
  });
}
