import type { MentionQuery } from './mention-query';

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
