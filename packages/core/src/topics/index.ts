export { ForbiddenWord, Topic, TopicCommenter, type ForbiddenWordDoc, type TopicDoc } from './model';
export { createTopic } from './create-topic';
export { editTopic, getTopicForEdit } from './edit-topic';
export { deleteTopic } from './delete-topic';
export { setTopicRecommend, setTopicSticky } from './moderate-topic';
export {
  bumpTopicOnComment,
  countTopicView,
  findShownTopic,
  viewTopic,
  hasCommented,
  topicExists,
} from './get-topic';
export { getHiddenContent, type HiddenContent } from './hidden-content';
export {
  listNewestTopics,
  listRecommendedTopics,
  listStickyTopics,
  listTopics,
  listUserTopics,
  type TopicListQuery,
  type TopicPage,
} from './list-topics';
export {
  addForbiddenWord,
  assertNoForbiddenWords,
  createForbiddenWord,
  deleteForbiddenWord,
  listAllForbiddenWordsForAdmin,
  listForbiddenWordsForAdmin,
  presentForbiddenWord,
  removeForbiddenWord,
  testForbiddenWordsForAdmin,
  updateForbiddenWord,
  type ForbiddenWordQuery,
} from './forbidden-words';
export {
  TOPIC_SUMMARY_LENGTH,
  loadTopicDetail,
  loadTopicRelations,
  presentTopic,
  presentTopicDetail,
  presentTopicPage,
  presentTopics,
  topicNodeOf,
  topicText,
  type TopicRelations,
  type TopicText,
} from './presenters';
export { renderVariant, type TopicRendering } from './rendering';
