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
import { commentMessageDrafts } from '../messages/rules';
import { readArticle } from '../read-model/articles';
import { readTopic } from '../read-model/topics';
import { tellMentioned, type MentionedPost } from './notify-mentions';

interface Shown {
  post: MentionedPost;
  /** Members the post's own messages tell (a comment's: the authors it answers), not told again. */
  skip?: ReadonlySet<number>;
}

/** The post as readers see it now, or null when they do not (deleted, hidden, waiting for review). */
async function shownPost(kind: 'topic' | 'article' | 'comment', id: number): Promise<Shown | null> {
  if (kind === 'topic') {
    const doc = await readTopic(id);
    return doc?.status === TopicStatus.Ok ? { post: { kind, doc } } : null;
  }
  if (kind === 'article') {
    const doc = await readArticle(id);
    return doc?.status === ArticleStatus.Ok ? { post: { kind, doc } } : null;
  }
  const doc = await shownComment(id);
  const place = doc && (await commentPlace(doc));
  if (!doc || !place) return null;
  const quoted = await shownComment(doc.quoteId);
  const drafts = commentMessageDrafts({ comment: doc, root: place.root, parent: place.parent, quoted });
  return {
    post: { kind, doc, root: place.root },
    skip: new Set(drafts.map((draft) => draft.userId)),
  };
}

export const notifyArticleMentionsJob = defineEventJob('article.created', {
  queue: QueueName.Notify,
  name: 'notify-article-mentions',
  // An article waiting for review tells nobody yet: its approval's `entity.changed` does.
  async handler({ payload }) {
    const shown = await shownPost('article', payload.articleId);
    if (shown) await tellMentioned(shown.post);
  },
});

export const notifyChangedMentionsJob = defineEventJob('entity.changed', {
  queue: QueueName.Notify,
  name: 'notify-changed-mentions',
  // Members the post mentioned before were told then (or refused by the limit): only a member an
  // edit added is told now.
  async handler({ payload }) {
    if (payload.kind === 'user') return;
    const shown = await shownPost(payload.kind, payload.id);
    if (shown?.post.doc.mentions?.length) await tellMentioned(shown.post, shown.skip);
  },
});

export const mentionJobs = [notifyArticleMentionsJob, notifyChangedMentionsJob];
