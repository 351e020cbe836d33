/**
 * Storing a message: the row (once per event and recipient), its place in the read model, the
 * recipient's new unread count pushed to their open pages, and an e-mail notice (docs/legacy-api.md §4.18) for every
 * type but a deleted topic.
 */
import { MessageType, SocketRoom, Texts } from '@forum/contracts';
import { claimId, dropClaim, raiseIdSequence } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { insertUnlessTaken } from '../db/grouped-insert';
import { pushLive } from '../live';
import { queueMessageMail } from '../message-mail/queue-message-mail';
import { messageIdOf, projectMessage, unreadCount } from '../read-model/messages';
import { hasBlocked } from '../read-model/blocks';
import { readUser } from '../read-model/users';
import { Message, type MessageDoc } from './model';
import { messageDetailPath } from './presenters';

/** What a rule decides to tell one recipient. */
export interface MessageDraft {
  userId: number;
  /** 0: the system. */
  fromId: number;
  type: MessageType;
  title: string;
  content: string;
  quoteContent: string;
  extraData: Record<string, unknown>;
}

/** Subjects of notice mails, per message type (docs/legacy-api.md §4.18). */
const MAIL_SUBJECTS: Partial<Record<MessageType, string>> = {
  [MessageType.TopicComment]: Texts.messages.mailSubjects.topicComment,
  [MessageType.CommentReply]: Texts.messages.mailSubjects.commentReply,
  [MessageType.TopicLike]: Texts.messages.mailSubjects.topicLike,
  [MessageType.TopicFavorite]: Texts.messages.mailSubjects.topicFavorite,
  [MessageType.TopicRecommend]: Texts.messages.mailSubjects.topicRecommend,
  [MessageType.ArticleComment]: Texts.messages.mailSubjects.articleComment,
  [MessageType.TopicWatched]: Texts.messages.mailSubjects.topicWatched,
  [MessageType.Mention]: Texts.messages.mailSubjects.mention,
};

/** Tells a user's open pages how many messages they have not read. */
export async function pushUnreadCount(userId: number): Promise<void> {
  pushLive(SocketRoom.user(userId), 'message:unread', { count: await unreadCount(userId) });
}

async function queueMail(message: MessageDoc): Promise<void> {
  if (message.type === MessageType.TopicDelete) return;
  const sender = message.fromId > 0 ? await readUser(message.fromId) : null;
  const lead = `${sender ? sender.nickname : Texts.messages.systemSender} ${message.title}`;
  await queueMessageMail(message.userId, {
    title: MAIL_SUBJECTS[message.type as MessageType] ?? Texts.messages.mailSubjects.other,
    content: [lead, message.content, message.quoteContent].filter(Boolean).join('\n'),
    url: messageDetailPath(message),
  });
}

/** How often a message id found taken by another message is replaced by a fresh one. */
const ID_ATTEMPTS = 5;

/**
 * Stores `draft` as the message of event `eventId` to its recipient. A second call for the same
 * event and recipient (a retried job) stores nothing new and returns null; so does a draft that
 * would tell someone about their own action.
 */
export async function sendMessage(eventId: string, draft: MessageDraft): Promise<MessageDoc | null> {
  if (draft.userId <= 0 || draft.userId === draft.fromId) return null;
  const key = `${eventId}:${draft.userId}`;
  // Both asked at once: nothing a blocked member causes reaches the member who blocked them
  // (docs/moderation.md), and a message stored before is not stored again.
  const [blocked, storedId] = await Promise.all([
    draft.fromId > 0 && hasBlocked(draft.userId, draft.fromId),
    messageIdOf(key),
  ]);
  if (blocked || storedId !== null) return null;
  const row = {
    key,
    fromId: draft.fromId,
    userId: draft.userId,
    title: draft.title,
    content: draft.content,
    quoteContent: draft.quoteContent,
    type: draft.type,
    extraData: JSON.stringify(draft.extraData),
    createTime: Date.now(),
  };
  let id = 0;
  for (let attempt = 1; !id; attempt++) {
    id = await claimId('message', key);
    try {
      // Stored with the messages other jobs store meanwhile, in one command (`insertUnlessTaken`).
      if (await insertUnlessTaken(Message.collection, id, row)) break;
      const stored = await Message.findById(id).lean<MessageDoc>();
      if (stored?.key === key) {
        // A run that died after storing it: finish its projection, tell nobody twice.
        await projectMessage(stored);
        return null;
      }
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Stored under another id whose claim Redis no longer holds (it expired, or a failed-over
      // node lost it): the unique key remembers the row. Its first run may have died before
      // projecting it, so the projection is finished here (it is idempotent); nobody is told twice.
      const stored = await Message.findOne({ key }).lean<MessageDoc>();
      if (!stored) throw error;
      await projectMessage(stored);
      return null;
    }
    // The id is another message's (the sequence was behind its collection): a fresh id.
    if (attempt >= ID_ATTEMPTS) throw new Error(`message id ${id} for ${key} is taken by another row`);
    await dropClaim('message', key, id);
    await raiseIdSequence('message');
    id = 0;
  }
  const message = { _id: id, ...row } as MessageDoc;
  await projectMessage(message);
  await pushUnreadCount(message.userId);
  await queueMail(message);
  return message;
}
