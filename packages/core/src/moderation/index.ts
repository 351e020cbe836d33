export { muteUser, type MuteResult, type RequestMeta } from './mute-user';
export { can, type ModerationAction, type PolicySubject } from './policy';
export { assertCanPost, postStatus } from './post-guard';
