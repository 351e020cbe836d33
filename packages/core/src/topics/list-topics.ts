/**
 * Topic lists, read from the read model (see read-model/topics.ts). Cursors are what the legacy API
 * names them: the last item's `lastCommentTime` for activity lists, the last id for a user's list.
 */
import { STICKY_TOPICS_MAX, TOPIC_PAGE_SIZE } from '@forum/contracts';
import { pageDesc, topDesc } from '../read-model/lists';
import { readTopics, topicLists } from '../read-model/topics';
import type { TopicDoc } from './model';

export interface TopicPage {
  topics: TopicDoc[];
  /** The last item's cursor value, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

export interface TopicListQuery {
  /** 0 or absent: every node. */
  nodeId?: number;
  /** Only recommended topics (bbs-go returned all of them, docs/legacy-api.md Appendix A #7). */
  recommend?: boolean;
  /** Only topics with this tag, paged by the cursor like the others (docs/legacy-api.md Appendix A #6). */
  tagId?: number;
  /** `lastCommentTime` of the previous page's last item; 0 or less for the first page. */
  cursor?: number;
  limit?: number;
}

function activityList({ nodeId, recommend, tagId }: TopicListQuery): string {
  if (tagId && tagId > 0) return topicLists.tag(tagId);
  if (recommend) return topicLists.recommend();
  if (nodeId && nodeId > 0) return topicLists.node(nodeId);
  return topicLists.all();
}

async function pageOf(key: string, cursor: number, limit: number): Promise<TopicPage> {
  const page = await pageDesc(key, cursor, limit);
  return { topics: await readTopics(page.ids), cursor: page.cursor, hasMore: page.hasMore };
}

/** Shown topics by last activity, newest first. */
export function listTopics(query: TopicListQuery = {}): Promise<TopicPage> {
  const { cursor = 0, limit = TOPIC_PAGE_SIZE } = query;
  return pageOf(activityList(query), cursor, limit);
}

/** A user's shown topics, newest first; the cursor is the last id. */
export function listUserTopics(userId: number, cursor = 0, limit = TOPIC_PAGE_SIZE): Promise<TopicPage> {
  return pageOf(topicLists.user(userId), cursor, limit);
}

/** Up to three pinned topics (of one node when `nodeId` > 0), most recently pinned first. */
export async function listStickyTopics(nodeId = 0): Promise<TopicDoc[]> {
  const key = nodeId > 0 ? topicLists.stickyOfNode(nodeId) : topicLists.sticky();
  return readTopics(await topDesc(key, STICKY_TOPICS_MAX));
}

/** The newest shown topics by id (legacy /recent: 10, /newest: 6). */
export async function listNewestTopics(limit: number): Promise<TopicDoc[]> {
  return readTopics(await topDesc(topicLists.newest(), limit));
}

/** Recommended topics by last activity (legacy GET /api/topic/recommend, fixed to mean it). */
export async function listRecommendedTopics(limit = 10): Promise<TopicDoc[]> {
  return (await listTopics({ recommend: true, limit })).topics;
}
