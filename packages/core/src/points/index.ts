export { UserLevelUp, UserScoreLog, type UserLevelUpDoc, type UserScoreLogDoc } from './model';
export { configuredLevels, levelOf, recordLevelUp, type UserLevel } from './levels';
export { changePoints, configuredPoints, type PointsChange } from './change-points';
export { recountScores } from './recount-scores';
export { listScoreLogs, SCORE_LOG_PAGE_SIZE } from './list-score-logs';
export { scoreRank } from './score-rank';
export { dayNameOf, siteDayNameOf, siteTimeZone } from './rules';
export {
  presentReadableScoreLog,
  presentScoreLog,
  presentScoreRank,
  readableScoreDescription,
} from './presenters';
export { pointsJobs } from './jobs';
