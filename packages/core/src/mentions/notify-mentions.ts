/**
 * Telling the members a post mentions (docs/events-and-jobs.md "Mentions"): a message of type 11
 * from the author, once per post and member whatever event asks (the post's creation, or any later
 * change such as an edit or an approval), never to a member who blocked the author, and to at most
 * `MENTIONS_PER_POST_MAX` members over the post's life.
 */
import {
  CommentStatus,
  MENTIONS_PER_POST_MAX,
  MESSAGE_SUMMARY_LENGTH,
  MessageType,
  Texts,
  TopicType,
} from '@forum/contracts';
import type { ArticleDoc } from '../articles/model';
import type { CommentDoc } from '../comments/model';
import { commentSummary } from '../comments/presenters';
import { kv, kvKey } from '../kv';
import { renderMarkdown, renderText, summarize } from '../markdown';
import { sendMessage, type MessageDraft } from '../messages/send-message';
import { hasBlocked } from '../read-model/blocks';
import type { TopicDoc } from '../topics/model';
import type { Mention } from './model';

/** A shown post whose mentions are told, with where it is. */
export type MentionedPost =
  | { kind: 'topic'; doc: TopicDoc }
  | { kind: 'article'; doc: ArticleDoc }
  | {
      kind: 'comment';
      doc: CommentDoc;
      /** The topic or article the comment (or the reply's thread) is under. */
      root: { entityType: 'topic'; doc: TopicDoc } | { entityType: 'article'; doc: ArticleDoc };
    };

const PLAIN = { baseUrl: '', urlRedirect: false };

/** The message a member mentioned in `post` gets. */
export function mentionDraft(post: MentionedPost, userId: number): MessageDraft {
  const said = Texts.messages.mentioned;
  const base = { userId, fromId: post.doc.userId, type: MessageType.Mention, quoteContent: '' };
  if (post.kind === 'comment') {
    const { root } = post;
    const tweet = root.entityType === 'topic' && root.doc.type === TopicType.Tweet;
    return {
      ...base,
      title: tweet
        ? said.tweetComment
        : root.entityType === 'topic'
          ? said.topicComment(root.doc.title ?? '')
          : said.articleComment(root.doc.title ?? ''),
      content: commentSummary({ ...post.doc, status: CommentStatus.Ok }, MESSAGE_SUMMARY_LENGTH),
      extraData: {
        entityType: 'comment',
        entityId: post.doc._id,
        rootType: root.entityType,
        rootId: root.doc._id,
      },
    };
  }
  const text =
    post.kind === 'topic' && post.doc.type === TopicType.Tweet
      ? renderText(post.doc.content ?? '')
      : renderMarkdown(post.doc.content ?? '', PLAIN);
  const title =
    post.kind === 'article'
      ? said.article(post.doc.title ?? '')
      : post.doc.type === TopicType.Tweet
        ? said.tweet
        : said.topic(post.doc.title ?? '');
  return {
    ...base,
    title,
    content: summarize(text, MESSAGE_SUMMARY_LENGTH),
    extraData: { entityType: post.kind, entityId: post.doc._id, rootType: post.kind, rootId: post.doc._id },
  };
}

/** The members of a post already told (or being told): its share of the limit. */
const toldKey = (kind: string, id: number) => kvKey('mentions', 'told', kind, id);

/**
 * Takes one of the post's places for `userId`: 1 when they hold one already or one was free, 0
 * when the post has told its limit of members.
 */
const TAKE_PLACE = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('SADD', KEYS[1], ARGV[1])
  return 1
end
return 0`;

async function takePlace(kind: string, id: number, userId: number): Promise<boolean> {
  return Number(await kv().eval(TAKE_PLACE, 1, toldKey(kind, id), userId, MENTIONS_PER_POST_MAX)) === 1;
}

/**
 * Tells each member `post` mentions, in the order the text names them, except its author, those
 * in `skip` (told about this post by another message of the same event, such as a reply's), and
 * those who blocked the author. The message's key is the post and the member (`mention-<kind>-<id>`),
 * not the event, so a second event of the same post (an edit) tells nobody twice; a member added by
 * an edit is told once. Idempotent: a retried job finds the places and messages it took.
 */
export async function tellMentioned(
  post: MentionedPost,
  skip: ReadonlySet<number> = new Set(),
): Promise<number> {
  const authorId = post.doc.userId;
  const mentions: Mention[] = post.doc.mentions ?? [];
  let told = 0;
  for (const { userId } of mentions) {
    if (userId === authorId || skip.has(userId)) continue;
    // Checked before a place is taken: a member who blocked the author uses none of the post's.
    if (await hasBlocked(userId, authorId)) continue;
    if (!(await takePlace(post.kind, post.doc._id, userId))) continue;
    if (await sendMessage(`mention-${post.kind}-${post.doc._id}`, mentionDraft(post, userId))) told += 1;
  }
  return told;
}
