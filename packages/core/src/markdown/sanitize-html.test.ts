import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

const site = { baseUrl: 'https://bbs.example.com', urlRedirect: true };

function attributesOf(html: string, tag: string) {
  return DomUtils.getElementsByTagName(tag, parseDocument(html)).map((element) => element.attribs);
}

describe('sanitizeHtml', () => {
  it('keeps allowed formatting', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong> <em>斜</em> <del>删</del><br /></p><ul><li>项</li></ul>';
    expect(sanitizeHtml(html, site)).toBe(html);
  });

  it('removes disallowed tags but keeps their text', () => {
    expect(sanitizeHtml('<p><font color="red">红</font><center>中</center></p>', site)).toBe('<p>红中</p>');
  });

  it('removes classes other than highlight.js ones', () => {
    const html = sanitizeHtml(
      '<pre><code class="hljs language-go evil">x</code></pre><span class="hljs-string btn">y</span><p class="x">z</p>',
      site,
    );
    expect(attributesOf(html, 'code')).toEqual([{ class: 'hljs language-go' }]);
    expect(attributesOf(html, 'span')).toEqual([{ class: 'hljs-string' }]);
    expect(attributesOf(html, 'p')).toEqual([{}]);
  });

  it('replaces user-chosen target and rel with its own', () => {
    const html = sanitizeHtml('<a href="/topic/1" target="_top" rel="opener">内</a>', site);
    expect(attributesOf(html, 'a')).toEqual([{ href: '/topic/1', title: '内' }]);
  });

  it('rewrites links and images like renderMarkdown when given the site options', () => {
    const html = sanitizeHtml(
      '<a href="https://github.com/">gh</a><img src="https://img.example.com/a.png" alt="a">',
      site,
    );
    expect(attributesOf(html, 'a')).toEqual([
      {
        href: `https://bbs.example.com/redirect?url=${encodeURIComponent('https://github.com/')}`,
        title: 'gh',
        target: '_blank',
        rel: 'nofollow noopener noreferrer',
      },
    ]);
    expect(attributesOf(html, 'img')).toEqual([{ alt: 'a', 'data-src': 'https://img.example.com/a.png' }]);
  });

  it('treats every absolute link as external when no site options are given', () => {
    const html = sanitizeHtml('<a href="https://bbs.example.com/x">a</a><a href="/y">b</a>');
    expect(attributesOf(html, 'a')).toEqual([
      {
        href: 'https://bbs.example.com/x',
        title: 'a',
        target: '_blank',
        rel: 'nofollow noopener noreferrer',
      },
      { href: '/y', title: 'b' },
    ]);
  });

  it('reads backslashes as browsers do when deciding a link is external', () => {
    const html = sanitizeHtml('<a href="/\\evil.example/x">a</a>', site);
    expect(attributesOf(html, 'a')[0]?.target).toBe('_blank');
  });

  it('escapes markup that ends up inside a generated title', () => {
    const html = sanitizeHtml('<a href="/x">&lt;img src=x onerror=alert(1)&gt;</a>', site);
    expect(html).toBe(
      '<a href="/x" title="&lt;img src=x onerror=alert(1)&gt;">&lt;img src=x onerror=alert(1)&gt;</a>',
    );
  });

  it('keeps text that is not HTML as text', () => {
    expect(sanitizeHtml('1 < 2 && 3 > 2', site)).toBe('1 &lt; 2 &amp;&amp; 3 &gt; 2');
  });
});
