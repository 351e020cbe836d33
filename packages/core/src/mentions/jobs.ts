/**
 * The mention jobs on the `notify` queue (docs/events-and-jobs.md "Mentions"). A new topic, tweet
 * or comment tells its mentions in its own notify job (`push-new-topic`, `notify-comment`: an
 * event reaches each queue once); a new article, and any change of a post (an edit, an approval,
 * a restore), tell them here. Each is idempotent: messages are keyed by post and member.
 */
import { ArticleStatus, QueueName, TopicStatus } from '@forum/contracts';
import { shownComment } from '../comments/shown';
import { defineEventJob } from '../events/jobs';
import { commentPlace } from '../messages/jobs';
import { readArticle } from '../read-model/articles';
import { readTopic } from '../read-model/topics';
import { tellMentioned, type MentionedPost } from './notify-mentions';

/** The post as readers see it now, or null when they do not (deleted, hidden, waiting for review). */
async function shownPost(kind: 'topic' | 'article' | 'comment', id: number): Promise<MentionedPost | null> {
  if (kind === 'topic') {
    const doc = await readTopic(id);
    return doc?.status === TopicStatus.Ok ? { kind, doc } : null;
  }
  if (kind === 'article') {
    const doc = await readArticle(id);
    return doc?.status === ArticleStatus.Ok ? { kind, doc } : null;
  }
  const doc = await shownComment(id);
  const place = doc && (await commentPlace(doc));
  return doc && place ? { kind, doc, root: place.root } : null;
}

export const notifyArticleMentionsJob = defineEventJob('article.created', {
  queue: QueueName.Notify,
  name: 'notify-article-mentions',
  // An article waiting for review tells nobody yet: its approval's `entity.changed` does.
  async handler({ payload }) {
    const post = await shownPost('article', payload.articleId);
    if (post) await tellMentioned(post);
  },
});

export const notifyChangedMentionsJob = defineEventJob('entity.changed', {
  queue: QueueName.Notify,
  name: 'notify-changed-mentions',
  // Members the post mentioned before were told then (or refused by the limit): only a member an
  // edit added is told now.
  async handler({ payload }) {
    if (payload.kind === 'user') return;
    const post = await shownPost(payload.kind, payload.id);
    if (post?.doc.mentions?.length) await tellMentioned(post);
  },
});

export const mentionJobs = [notifyArticleMentionsJob, notifyChangedMentionsJob];
