export { TopicWatch, watchId, type TopicWatchDoc, type WatchReason } from './model';
export {
  isWatchingTopic,
  listWatchedTopics,
  setWatchDefaults,
  unwatchTopic,
  watchByDefault,
  watchTopic,
} from './watch-topic';
export { notifyWatchers, watchPostedTopic } from './jobs';
