/**
 * Where the caret is typing a mention: an `@` at the start of the text or after a character that
 * cannot be part of a name or address, followed by up to `MENTION_PREFIX_MAX_LENGTH` characters
 * without spaces. Pure, and small enough for every page with an editor.
 */
import { MENTION_PREFIX_MAX_LENGTH } from '@forum/contracts';

export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** What follows it up to the caret (at least one character). */
  prefix: string;
}

const NAME_CHARACTER = /[0-9A-Za-z_@./-]/;

export function mentionQueryAt(value: string, caret: number): MentionQuery | null {
  const before = value.slice(Math.max(0, caret - MENTION_PREFIX_MAX_LENGTH - 1), caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const prefix = before.slice(at + 1);
  if (!prefix || /[\s@]/.test(prefix)) return null;
  const start = caret - before.length + at;
  if (start > 0 && NAME_CHARACTER.test(value[start - 1]!)) return null;
  return { start, prefix };
}

/** The text with the query replaced by `@username ` and the caret after it. */
export function insertMention(
  value: string,
  query: MentionQuery,
  username: string,
): { value: string; caret: number } {
  const end = query.start + 1 + query.prefix.length;
  const inserted = `@${username} `;
  const rest = value.slice(end).replace(/^ /, '');
  return { value: value.slice(0, query.start) + inserted + rest, caret: query.start + inserted.length };
}
