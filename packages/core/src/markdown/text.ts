// FerretDB cannot store U+0000, so user text must lose it before it reaches the database.
export function stripNul(s: string): string {
  return s.replace(/\0/g, '');
}

/** User text as stored: trimmed, without NUL. */
export function cleanText(text: string): string {
  return stripNul(text).trim();
}

/** Length in characters as people count them (an emoji is one), like bbs-go's rune count. */
export function charLength(text: string): number {
  return [...text].length;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/**
 * Plain user text (tweets, text comments) as HTML: everything escaped, newlines kept as they are
 * because the web shows such content with `white-space: pre-wrap`.
 */
export function renderText(text: string): string {
  return stripNul(text).replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}
