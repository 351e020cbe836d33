export { CheckIn, UserScoreLog, type CheckInDoc, type UserScoreLogDoc } from './model';
export {
  changePoints,
  configuredPoints,
  legacyScoreLog,
  listScoreLogs,
  recountScores,
  scoreRank,
  SCORE_LOG_PAGE_SIZE,
  type PointsChange,
} from './points';
export {
  checkIn,
  checkInRank,
  checkInState,
  dayNameOf,
  legacyCheckIn,
  presentCheckInRank,
  presentCheckInState,
  siteTimeZone,
} from './check-in';
export { pointsJobs } from './jobs';
