export { muteUser, type MuteResult } from './mute-user';
export { muteJobs } from './jobs';
