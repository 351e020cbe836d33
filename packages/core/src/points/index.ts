export {
  CheckIn,
  UserLevelUp,
  UserScoreLog,
  type CheckInDoc,
  type UserLevelUpDoc,
  type UserScoreLogDoc,
} from './model';
export { configuredLevels, levelOf, recordLevelUp, type UserLevel } from './levels';
export {
  changePoints,
  configuredPoints,
  legacyScoreLog,
  listScoreLogs,
  recountScores,
  scoreRank,
  SCORE_LOG_PAGE_SIZE,
  type PointsChange,
} from './change-points';
export {
  checkIn,
  checkInRank,
  checkInState,
  dayNameOf,
  legacyCheckIn,
  presentCheckInRank,
  presentCheckInState,
  siteDayNameOf,
  siteTimeZone,
} from './check-in';
export { pointsJobs } from './jobs';
