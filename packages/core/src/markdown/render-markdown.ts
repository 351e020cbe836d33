// User Markdown to safe HTML on the server (docs/legacy-api.md §4.13): markdown-it for the syntax, highlight.js for
// code, then the shared allow-list and link/image rewriting.
import hljs from 'highlight.js';
import MarkdownIt from 'markdown-it';
import type { RenderOptions } from './options';
import { memoize } from './memo';
import { sanitizeHtml } from './sanitize-html';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function highlightCode(code: string, lang: string): string {
  const language = lang && hljs.getLanguage(lang) ? lang : undefined;
  // Blocks without a known language are only escaped: auto-detection is slow on long pastes and often wrong.
  const body = language ? hljs.highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
  const languageClass = language && /^[\w-]+$/.test(language) ? ` language-${language}` : '';
  return `<pre><code class="hljs${languageClass}">${body}</code></pre>\n`;
}

const markdown = new MarkdownIt('default', {
  // Raw HTML in Markdown is shown as text; HTML input has its own path (sanitizeHtml).
  html: false,
  linkify: true,
  // Lute, which rendered the legacy content, turns single newlines into line breaks; users rely on it.
  breaks: true,
  highlight: highlightCode,
});
// linkify-it 6 links only text with a scheme (and e-mail addresses) by default, so file names such as
// "readme.md" in a post stay text.

// GFM task list items ("- [ ] todo") shown as ballot boxes: checkboxes would need <input>, which the
// allow-list keeps out.
markdown.core.ruler.push('task_list_marks', (state) => {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i];
    if (inline?.type !== 'inline' || tokens[i - 1]?.type !== 'paragraph_open') continue;
    if (tokens[i - 2]?.type !== 'list_item_open') continue;
    const first = inline.children?.[0];
    const match = first?.type === 'text' ? /^\[([ xX])\][ \t]/.exec(first.content) : null;
    if (!first || !match) continue;
    first.content = (match[1] === ' ' ? '☐ ' : '☑ ') + first.content.slice(match[0].length);
  }
});

// markdown-it aligns table cells with style="text-align:…"; style never passes the allow-list, align does.
markdown.core.ruler.push('table_align_attribute', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'th_open' && token.type !== 'td_open') continue;
    const match = /^text-align:(left|center|right)$/.exec(String(token.attrGet('style')));
    token.attrs = match?.[1] ? [['align', match[1]]] : null;
  }
});

const rendered = memoize((key) => {
  const split = key.indexOf('\n');
  const options = JSON.parse(key.slice(0, split)) as RenderOptions;
  return sanitizeHtml(markdown.render(key.slice(split + 1)), options);
});

/** Markdown from users (topics, articles, comments) as safe HTML for display; pure, so memoized. */
export function renderMarkdown(source: string, options: RenderOptions): string {
  return rendered(`${JSON.stringify(options)}\n${source}`);
}
