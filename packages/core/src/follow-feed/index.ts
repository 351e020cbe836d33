export { listFeedTopics } from './list-feed';
export { FEED_FANOUT_BATCH, feedJobs } from './jobs';
