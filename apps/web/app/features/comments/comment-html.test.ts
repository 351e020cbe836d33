import { describe, expect, it } from 'vitest';
import { commentBodyClass, isRenderedMarkup } from './comment-html';

describe('comment bodies', () => {
  it('reads escaped plain text as text, keeping its line breaks', () => {
    const text = '第一行\n\n第二行 a &lt; b &amp;&amp; c &gt; d';
    expect(isRenderedMarkup(text)).toBe(false);
    expect(commentBodyClass(text)).toContain('whitespace-pre-wrap');
  });

  it('reads escaped plain text with mention links as text still', () => {
    const text = '<a href="/user/12" class="mention">@alice_1</a> 你好\n第二行';
    expect(isRenderedMarkup(text)).toBe(false);
    expect(commentBodyClass(text)).toContain('whitespace-pre-wrap');
    expect(isRenderedMarkup('<p><a href="/user/12" class="mention">@alice_1</a></p>\n')).toBe(true);
  });

  it('reads rendered Markdown as markup, styled as content without keeping its newlines', () => {
    const markdown = '<blockquote>\n<p>原话</p>\n</blockquote>\n<p>同意</p>\n';
    expect(isRenderedMarkup(markdown)).toBe(true);
    expect(commentBodyClass(markdown)).toBe('content-html comment-html');
    expect(commentBodyClass(markdown)).not.toContain('pre-wrap');
  });
});
