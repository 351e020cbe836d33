/**
 * Reading messages: the unread count with the newest unread (`msgrecent`), a numbered page that
 * then marks everything read (`messages`, as bbs-go did), and marking read without listing. A read
 * mark only goes up, is written to MongoDB (the truth) and the read model, and every open page of
 * the reader learns the new count, so a second tab's badge clears too.
 */
import {
  MESSAGE_PAGE_SIZE,
  RECENT_MESSAGES,
  type LegacyMessage,
  type RecentMessages,
} from '@forum/contracts';
import type { RequestContext } from '../request-context';
import {
  messagePage,
  newestMessageId,
  newestUnread,
  projectReadMark,
  readMarkOf,
  unreadCount,
} from '../read-model/messages';
import { usersByIds } from '../users/users';
import type { UserDoc } from '../users/model';
import { MessageRead, type MessageDoc } from './model';
import { presentMessage } from './presenters';
import { pushUnreadCount } from './send-message';
import { signedIn } from '../policies';

async function present(messages: MessageDoc[], readUpTo: number): Promise<LegacyMessage[]> {
  const senders = await usersByIds(messages.map((message) => message.fromId));
  return messages.map((message) => presentMessage(message, senders.get(message.fromId), readUpTo));
}

/** The unread count and the three newest unread messages; a visitor has none. */
export async function recentMessages(user: UserDoc | null | undefined): Promise<RecentMessages> {
  if (!user) return { count: 0, messages: null };
  const mark = await readMarkOf(user._id);
  const [count, newest] = await Promise.all([
    unreadCount(user._id, mark),
    newestUnread(user._id, RECENT_MESSAGES, mark),
  ]);
  return { count, messages: newest.length ? await present(newest, mark) : null };
}

/**
 * Marks the reader's messages read up to `upTo` (default: all of them). Returns the unread count
 * left. A mark below the current one changes nothing.
 */
export async function markMessagesRead(ctx: RequestContext, upTo?: number): Promise<number> {
  return markReadUpTo(signedIn(ctx.actor), upTo);
}

async function markReadUpTo(user: UserDoc, upTo?: number): Promise<number> {
  const newest = await newestMessageId(user._id);
  const mark = Math.min(upTo ?? newest, newest);
  if (mark > (await readMarkOf(user._id))) {
    await MessageRead.updateOne(
      { _id: user._id },
      { $max: { upTo: mark }, $set: { updateTime: Date.now() } },
      { upsert: true },
    );
    await projectReadMark({ _id: user._id, upTo: mark });
    await pushUnreadCount(user._id);
  }
  return unreadCount(user._id);
}

/**
 * A page of the reader's messages, newest first, with their read state before this call. The
 * legacy endpoint then marks all of them read (`markRead`), as bbs-go did; our web app marks what
 * it showed with `markMessagesRead`, so a query never changes state.
 */
export async function listMessages(
  viewer: UserDoc | null | undefined,
  page = 1,
  options = { markRead: false },
) {
  const user = signedIn(viewer);
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const [{ total, messages }, mark] = await Promise.all([
    messagePage(user._id, safePage, MESSAGE_PAGE_SIZE),
    readMarkOf(user._id),
  ]);
  const results = await present(messages, mark);
  if (options.markRead) await markReadUpTo(user);
  return { page: { page: safePage, limit: MESSAGE_PAGE_SIZE, total }, results };
}
