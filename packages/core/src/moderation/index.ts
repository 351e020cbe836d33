export { muteUser, type MuteResult } from './mute-user';
