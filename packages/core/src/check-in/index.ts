export { CheckIn, type CheckInDoc } from './model';
export { checkIn } from './check-in';
export { checkInState } from './get-check-in-state';
export { checkInRank } from './check-in-rank';
export { presentCheckIn, presentCheckInRank, presentCheckInState } from './presenters';
