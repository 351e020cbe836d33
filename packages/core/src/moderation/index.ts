export { muteUser, type MuteResult, type RequestMeta } from './mute-user';
