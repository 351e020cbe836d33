export type { RenderOptions } from './options';
export { renderMarkdown } from './render-markdown';
export { sanitizeHtml } from './sanitize-html';
export { htmlToText, summarize } from './html-to-text';
export { charLength, cleanText, escapeHtml, renderText, stripNul } from './text';
export { linkMentions, type MentionLink } from './mentions';
