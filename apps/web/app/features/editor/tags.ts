import { TAG_NAME_MAX_LENGTH, TAGS_PER_TOPIC_MAX } from '@forum/contracts';

/**
 * Keys that end a tag while typing (the input also splits pasted text on these): commas and
 * semicolons, ASCII and full-width (U+FF0C, U+FF1B), and white space.
 */
export const TAG_SEPARATOR_KEYS = [',', '\uFF0C', ';', '\uFF1B', ' ', 'Enter'];
const separators = /[,\uFF0C;\uFF1B\s]+/;

/**
 * Adds the tags typed in `raw` to `tags`: trimmed, no duplicates, at most 15 characters each and 3 in
 * all. Like the original form, anything over a limit is dropped without a message.
 */
export function addTags(
  tags: readonly string[],
  raw: string,
  max = TAGS_PER_TOPIC_MAX,
  maxLength = TAG_NAME_MAX_LENGTH,
): string[] {
  const next = [...tags];
  for (const name of raw.split(separators)) {
    if (next.length >= max) break;
    if (!name || [...name].length > maxLength || next.includes(name)) continue;
    next.push(name);
  }
  return next;
}
