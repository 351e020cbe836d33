import { useState } from 'react';
import type { TopicListInput, TopicNewEvent } from '@forum/contracts';
import { useLiveConnection, useLiveEvent } from '~/features/live/LiveProvider';
import { useTRPCClient } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { TopicsTexts } from '~/texts/topics';

/** Whether a pushed topic belongs to a list: all topics, or one node's (recommended and tag lists never get new ones). */
export function belongsToList(
  topic: Pick<TopicNewEvent, 'nodeId'>,
  list: Omit<TopicListInput, 'cursor'>,
): boolean {
  if (list.recommend || list.tagId) return false;
  return !list.nodeId || list.nodeId === topic.nodeId;
}

/**
 * The new-topics banner over a topic list: counts topics published since the list was loaded,
 * from `topic:new` pushes and, after the socket was lost, from the first page read again (ids
 * newer than the newest the list shows). Clicking it reloads the list.
 */
export function NewTopicsBanner({
  list,
  newestShown,
  onRefresh,
}: {
  list: Omit<TopicListInput, 'cursor'>;
  /** The largest topic id the list shows. */
  newestShown: number;
  onRefresh(): Promise<void>;
}) {
  const client = useTRPCClient();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [refreshing, setRefreshing] = useState(false);
  const add = (ids: number[]) => {
    const unseen = ids.filter((id) => id > newestShown);
    if (unseen.length) setFresh((old) => new Set([...old, ...unseen]));
  };
  useLiveEvent('topic:new', (topic) => {
    if (belongsToList(topic, list)) add([topic.id]);
  });
  useLiveConnection({
    onReconnect: () => {
      const { nodeId, recommend, tagId } = list;
      client.topics.list.query({ nodeId, recommend, tagId }).then(
        (page) => add(page.results.map((topic) => topic.id)),
        () => undefined, // the next reconnect tries again
      );
    },
  });
  if (fresh.size === 0) return null;
  const refresh = () => {
    setRefreshing(true);
    // A refresh never rejects: a refetch that fails keeps the list it had.
    void onRefresh().finally(() => {
      setRefreshing(false);
      setFresh(new Set());
    });
  };
  return (
    <button
      type="button"
      className="block w-full animate-toast-in border-b border-line bg-accent/10 px-4 py-2.5 text-center text-sm text-accent hover:bg-accent/15 disabled:opacity-60"
      data-testid="new-topics-banner"
      disabled={refreshing}
      onClick={refresh}
    >
      {refreshing ? CommonTexts.loading : TopicsTexts.newTopics(fresh.size)}
    </button>
  );
}
