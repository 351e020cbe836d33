/**
 * What a mention is (docs/events-and-jobs.md "Mentions"): `@username` in the text of a topic,
 * tweet, article or comment, outside code, naming a member who exists when the text is written.
 */
import { MENTION_PATTERN, MENTIONS_PER_POST_MAX } from '@forum/contracts';
import { userIdsByUsernames } from '../read-model/users';
import type { Mention } from './model';

/**
 * Names a text resolves at most: the members told are the first `MENTIONS_PER_POST_MAX`, the rest
 * are links only, and past this many not even that (a post of a thousand `@`s is spam).
 */
export const MENTIONS_RESOLVED_MAX = MENTIONS_PER_POST_MAX * 5;

/** Fenced and indented code blocks and inline code spans of Markdown: no mention is there. */
const CODE = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`/g;

/** The lower-cased usernames a text mentions, each once, in the order they first appear. */
export function mentionedNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.replace(CODE, ' ').matchAll(MENTION_PATTERN)) {
    names.add(match[1]!.toLowerCase());
    if (names.size >= MENTIONS_RESOLVED_MAX) break;
  }
  return [...names];
}

/**
 * The members `text` mentions, in order, from the read model's username index (one `HMGET`);
 * names nobody has are left out. Stored with the text (`mentions`) when it is written.
 */
export async function resolveMentions(text: string): Promise<Mention[]> {
  const names = mentionedNames(text);
  const ids = await userIdsByUsernames(names);
  return names.flatMap((username) => {
    const userId = ids.get(username);
    return userId ? [{ username, userId }] : [];
  });
}
