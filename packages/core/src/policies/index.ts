export {
  authorize,
  can,
  type ArticleSubject,
  type PolicyAction,
  type PolicySubject,
  type SubjectOf,
  type TopicSubject,
} from './policy';
export { assertCanPost, postStatus } from './posting';
