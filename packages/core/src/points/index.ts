export {
  CheckIn,
  UserLevelUp,
  UserScoreLog,
  type CheckInDoc,
  type UserLevelUpDoc,
  type UserScoreLogDoc,
} from './model';
export { configuredLevels, levelOf, recordLevelUp, type UserLevel } from './levels';
export { changePoints, configuredPoints, type PointsChange } from './change-points';
export { recountScores } from './recount-scores';
export { listScoreLogs, SCORE_LOG_PAGE_SIZE } from './list-score-logs';
export { scoreRank } from './score-rank';
export { checkIn } from './check-in';
export { checkInState } from './get-check-in-state';
export { checkInRank } from './check-in-rank';
export { dayNameOf, siteDayNameOf, siteTimeZone } from './rules';
export {
  legacyCheckIn,
  legacyCheckInRank,
  legacyCheckInState,
  legacyScoreLog,
  presentCheckIn,
  presentCheckInRank,
  presentCheckInState,
  presentScoreLog,
  presentScoreRank,
} from './presenters';
export { pointsJobs } from './jobs';
