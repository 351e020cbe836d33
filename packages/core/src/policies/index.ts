export * from './policy';
export { articleAbilities, profileAbilities, siteAbilities, topicAbilities } from './abilities';
export { assertCanPost, postStatus } from './posting';
