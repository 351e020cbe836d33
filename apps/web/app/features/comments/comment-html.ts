/**
 * Comments arrive as safe HTML in two forms: plain text, escaped by the API (so it holds no literal
 * "<" but the links of its `@mentions`) and shown with its line breaks, or Markdown rendered to
 * markup, whose newlines between tags are not content and would show as blank lines if kept.
 */
export function isRenderedMarkup(content: string): boolean {
  return content.replace(/<a href="\/user\/\d+" class="mention">|<\/a>/g, '').includes('<');
}

/** The classes of a comment's body for its form. */
export function commentBodyClass(content: string): string {
  return isRenderedMarkup(content) ? 'content-html comment-html' : 'break-words whitespace-pre-wrap';
}
