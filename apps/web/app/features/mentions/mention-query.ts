/**
 * Where the caret is typing a mention: an `@` at the start of the text or after a character that
 * cannot be part of a name or address, followed by up to `MENTION_PREFIX_MAX_LENGTH` characters
 * without spaces. Pure, and small enough for every page with an editor (what the list does once open
 * is in its own chunk, `MentionList`).
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
