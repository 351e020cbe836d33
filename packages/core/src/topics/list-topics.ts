/**
 * Topic lists. Each is served by one index of the Topic schema; cursors are what the legacy API
 * names them: the last item's `lastCommentTime` for activity lists, the last id for a user's list.
 */
import { STICKY_TOPICS_MAX, TOPIC_PAGE_SIZE } from '@forum/contracts';
import { Topic, type TopicDoc } from './model';

export interface TopicPage {
  topics: TopicDoc[];
  /** The last item's cursor value, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

export interface TopicListQuery {
  /** 0 or absent: every node. */
  nodeId?: number;
  /** Only recommended topics (bbs-go returned all of them, Appendix A #7). */
  recommend?: boolean;
  /** Only topics with this tag, paged by the cursor like the others (Appendix A #6). */
  tagId?: number;
  /** `lastCommentTime` of the previous page's last item; 0 or less for the first page. */
  cursor?: number;
  limit?: number;
}

const listProjection = { outbox: 0, hideContent: 0, ip: 0, userAgent: 0 } as const;

function activityFilter({ nodeId, recommend, tagId }: TopicListQuery): Record<string, unknown> {
  if (tagId && tagId > 0) return { tagIds: tagId, status: 0 };
  if (recommend) return { status: 0, recommend: true };
  if (nodeId && nodeId > 0) return { status: 0, nodeId };
  return { status: 0 };
}

/** Shown topics by last activity, newest first. */
export async function listTopics(query: TopicListQuery = {}): Promise<TopicPage> {
  const { cursor = 0, limit = TOPIC_PAGE_SIZE } = query;
  const filter = activityFilter(query);
  if (cursor > 0) filter.lastCommentTime = { $lt: cursor };
  const topics = await Topic.find(filter, listProjection)
    .sort({ lastCommentTime: -1 })
    .limit(limit)
    .lean<TopicDoc[]>();
  return {
    topics,
    cursor: topics.length ? topics[topics.length - 1]!.lastCommentTime : cursor,
    hasMore: topics.length >= limit,
  };
}

/** A user's shown topics, newest first; the cursor is the last id. */
export async function listUserTopics(
  userId: number,
  cursor = 0,
  limit = TOPIC_PAGE_SIZE,
): Promise<TopicPage> {
  const filter: Record<string, unknown> = { userId, status: 0 };
  if (cursor > 0) filter._id = { $lt: cursor };
  const topics = await Topic.find(filter, listProjection).sort({ _id: -1 }).limit(limit).lean<TopicDoc[]>();
  return {
    topics,
    cursor: topics.length ? topics[topics.length - 1]!._id : cursor,
    hasMore: topics.length >= limit,
  };
}

/** Up to three pinned topics (of one node when `nodeId` > 0), most recently pinned first. */
export async function listStickyTopics(nodeId = 0): Promise<TopicDoc[]> {
  const filter: Record<string, unknown> = { status: 0, sticky: true };
  if (nodeId > 0) filter.nodeId = nodeId;
  return Topic.find(filter, listProjection)
    .sort({ stickyTime: -1 })
    .limit(STICKY_TOPICS_MAX)
    .lean<TopicDoc[]>();
}

/** The newest shown topics by id (legacy /recent: 10, /newest: 6). */
export async function listNewestTopics(limit: number): Promise<TopicDoc[]> {
  return Topic.find({ status: 0 }, listProjection).sort({ _id: -1 }).limit(limit).lean<TopicDoc[]>();
}

/** Recommended topics by last activity (legacy GET /api/topic/recommend, fixed to mean it). */
export async function listRecommendedTopics(limit = 10): Promise<TopicDoc[]> {
  return (await listTopics({ recommend: true, limit })).topics;
}
