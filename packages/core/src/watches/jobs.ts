/**
 * Watched topics on the `notify` queue (docs/events-and-jobs.md "Watched topics"), run by that queue's
 * jobs of the events (messages/jobs.ts): a published topic is watched by its author, and a comment
 * tells the topic's watchers (once per burst) and makes the commenter a watcher. Each is idempotent
 * per event.
 */
import { TopicStatus } from '@forum/contracts';
import type { CommentDoc } from '../comments/model';
import { topicWatchedDraft } from '../messages/rules';
import { sendMessage } from '../messages/send-message';
import { hasBlocked } from '../read-model/blocks';
import { hiddenByReports } from '../read-model/reports';
import { claimBurst, releaseBurst, watchersOf } from '../read-model/watches';
import type { TopicDoc } from '../topics/model';
import { watchByDefault } from './watch-topic';

/**
 * The author of a published topic watches it (unless they turned that off). Called by the notify
 * queue's job of `topic.created` (`push-new-topic`): an event has one job per queue. Idempotent: a
 * second run finds the watch, or the author's own state, and writes nothing.
 */
export async function watchPostedTopic(topic: TopicDoc): Promise<void> {
  if (topic.status !== TopicStatus.Ok) return;
  await watchByDefault(topic._id, topic.userId, 'posted');
}

/**
 * Tells the watchers of `topic` about `comment` (event `eventId`), and makes its author a watcher.
 * Skipped: the commenter, whoever this event already told (`told`: the topic's author, the authors
 * of the comments replied to and quoted, who get their own message per comment), members who
 * blocked the commenter, and members whose watch message of this topic is still unread (the burst
 * is open) or being sent by another event's job. Retried, it tells nobody twice: a message is
 * stored once per event and recipient, and the one it stored keeps the burst open.
 */
export async function notifyWatchers(
  eventId: string,
  comment: CommentDoc,
  topic: TopicDoc,
  told: ReadonlySet<number>,
): Promise<void> {
  if (!(await hiddenByReports('topic', topic._id))) {
    for (const userId of await watchersOf(topic._id)) {
      if (userId === comment.userId || told.has(userId)) continue;
      if (await hasBlocked(userId, comment.userId)) continue;
      if (!(await claimBurst(topic._id, userId, eventId))) continue;
      try {
        await sendMessage(eventId, topicWatchedDraft(userId, comment, topic));
      } finally {
        await releaseBurst(topic._id, userId, eventId);
      }
    }
  }
  await watchByDefault(topic._id, comment.userId, 'replied');
}
