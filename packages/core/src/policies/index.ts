export {
  authorize,
  can,
  type ArticleSubject,
  type HiddenContentSubject,
  type PolicyAction,
  type PolicySubject,
  type SubjectOf,
  type TopicSubject,
} from './policy';
export { articleAbilities, profileAbilities, siteAbilities, topicAbilities } from './abilities';
export { assertCanPost, postStatus } from './posting';
