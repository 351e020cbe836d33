/**
 * A user's follow feed (legacy GET /api/feed/topics): the topics of the people they follow, newest
 * first, 20 a page, the cursor being the last topic's createTime.
 */
import { FEED_PAGE_SIZE, TopicStatus } from '@forum/contracts';
import { feedList } from '../read-model/feed';
import { followedIn } from '../read-model/follows';
import { pageDesc } from '../read-model/lists';
import { readTopics } from '../read-model/topics';
import type { TopicPage } from '../topics/list-topics';

export async function listFeedTopics(userId: number, cursor = 0, limit = FEED_PAGE_SIZE): Promise<TopicPage> {
  const page = await pageDesc(feedList(userId), cursor, limit);
  const topics = await readTopics(page.ids);
  // Checked on reading, so nothing the jobs have not caught up with yet shows: a deleted or hidden
  // topic, or the topic of someone no longer followed.
  const followed = await followedIn(userId, [...new Set(topics.map((topic) => topic.userId))]);
  return {
    topics: topics.filter((topic) => topic.status === TopicStatus.Ok && followed.has(topic.userId)),
    cursor: page.cursor,
    hasMore: page.hasMore,
  };
}
