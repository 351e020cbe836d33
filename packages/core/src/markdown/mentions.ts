/**
 * `@username` in rendered content as a link to the member's profile, for the members the post's
 * text resolved when it was written (`mentions` on the document). The link is a plain
 * `<a href="/user/<id>">`, which bbs-go's clients render as they render any link.
 */
import { MENTION_PATTERN } from '@forum/contracts';

export interface MentionLink {
  /** Lower-cased, as written. */
  username: string;
  userId: number;
}

/** Tags whose text is left as it is: a link already, or code. */
const VERBATIM = /^<(\/?)(a|code|pre)\b/i;

/**
 * Links each `@username` of safe HTML (sanitised, or escaped text) whose name is among `mentions`,
 * outside links and code. Names and ids are checked by their patterns, so the markup added is safe.
 */
export function linkMentions(html: string, mentions: readonly MentionLink[] | null | undefined): string {
  if (!mentions?.length || !html.includes('@')) return html;
  const ids = new Map(mentions.map((mention) => [mention.username, mention.userId]));
  let verbatim = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        const tag = VERBATIM.exec(part);
        if (tag) verbatim = Math.max(0, verbatim + (tag[1] ? -1 : 1));
        return part;
      }
      if (verbatim > 0 || !part.includes('@')) return part;
      return part.replace(MENTION_PATTERN, (match, name: string) => {
        const id = ids.get(name.toLowerCase());
        return id && Number.isSafeInteger(id) && id > 0
          ? `<a href="/user/${id}" class="mention">@${name}</a>`
          : match;
      });
    })
    .join('');
}
