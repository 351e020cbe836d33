import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

const site = { baseUrl: 'https://bbs.example.com', urlRedirect: false };
const redirecting = { ...site, urlRedirect: true };

function elements(html: string, tag: string) {
  return DomUtils.getElementsByTagName(tag, parseDocument(html)).map((element) => ({
    attributes: element.attribs,
    text: DomUtils.textContent(element),
  }));
}

function only(html: string, tag: string) {
  const found = elements(html, tag);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('renderMarkdown: text structure', () => {
  it('renders headings h1 to h6', () => {
    const html = renderMarkdown('# 一\n## 二\n### 三\n#### 四\n##### 五\n###### 六', site);
    for (const [level, text] of ['一', '二', '三', '四', '五', '六'].entries()) {
      expect(only(html, `h${level + 1}`).text).toBe(text);
    }
  });

  it('renders ordered and unordered lists', () => {
    const html = renderMarkdown('- a\n- b\n\n3. x\n4. y', site);
    expect(elements(html, 'ul')).toHaveLength(1);
    expect(only(html, 'ol').attributes).toEqual({ start: '3' });
    expect(elements(html, 'li').map((li) => li.text)).toEqual(['a', 'b', 'x', 'y']);
  });

  it('shows task list items as ticked or empty boxes', () => {
    const html = renderMarkdown('- [ ] 待办\n- [x] 完成', site);
    expect(elements(html, 'li').map((li) => li.text)).toEqual(['☐ 待办', '☑ 完成']);
    expect(elements(html, 'input')).toHaveLength(0);
  });

  it('renders tables, keeping column alignment without style attributes', () => {
    const html = renderMarkdown('| 左 | 右 |\n|:--|--:|\n| 1 | 2 |', site);
    expect(elements(html, 'th').map((th) => [th.text, th.attributes.align])).toEqual([
      ['左', 'left'],
      ['右', 'right'],
    ]);
    expect(elements(html, 'td').map((td) => td.text)).toEqual(['1', '2']);
    expect(html).not.toContain('style=');
  });

  it('renders strikethrough, emphasis, blockquote and rules', () => {
    const html = renderMarkdown('~~旧~~ **粗** *斜*\n\n> 引用\n\n---', site);
    expect(only(html, 's').text).toBe('旧');
    expect(only(html, 'strong').text).toBe('粗');
    expect(only(html, 'em').text).toBe('斜');
    expect(only(html, 'blockquote').text.trim()).toBe('引用');
    expect(elements(html, 'hr')).toHaveLength(1);
  });

  it('turns single newlines into line breaks, as the legacy renderer did', () => {
    expect(elements(renderMarkdown('第一行\n第二行', site), 'br')).toHaveLength(1);
  });

  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('<b>bold</b>', site);
    expect(html).toBe('<p>&lt;b&gt;bold&lt;/b&gt;</p>\n');
  });
});

describe('renderMarkdown: code', () => {
  it('highlights fenced code of a known language with hljs classes', () => {
    const html = renderMarkdown('```js\nconst a = "<b>";\n```', site);
    expect(only(html, 'code').attributes.class).toBe('hljs language-js');
    expect(only(html, 'code').text).toBe('const a = "<b>";\n');
    const classes = elements(html, 'span').map((span) => span.attributes.class);
    expect(classes).toContain('hljs-keyword');
    expect(classes).toContain('hljs-string');
    expect(only(html, 'pre').text).toContain('const');
  });

  it('escapes code of an unknown or missing language without highlighting it', () => {
    for (const source of ['```nosuchlang\n<i>x</i>\n```', '```\n<i>x</i>\n```']) {
      const html = renderMarkdown(source, site);
      expect(only(html, 'code').attributes.class).toBe('hljs');
      expect(only(html, 'code').text).toBe('<i>x</i>\n');
      expect(elements(html, 'i')).toHaveLength(0);
    }
  });

  it('keeps inline code as code', () => {
    expect(only(renderMarkdown('run `npm test` now', site), 'code').text).toBe('npm test');
  });
});

describe('renderMarkdown: links', () => {
  it('leaves internal links in the same tab and without rel', () => {
    for (const href of ['/topic/1', 'https://bbs.example.com/article/2', '#comments']) {
      const link = only(renderMarkdown(`[内部](${href})`, redirecting), 'a');
      expect(link.attributes).toEqual({ href, title: '内部' });
    }
  });

  it('opens external links in a new tab with rel nofollow noopener', () => {
    const link = only(renderMarkdown('[外部](https://github.com/x)', site), 'a');
    expect(link.attributes).toEqual({
      href: 'https://github.com/x',
      title: '外部',
      target: '_blank',
      rel: 'nofollow noopener noreferrer',
    });
  });

  it('routes external links through the redirect page when urlRedirect is on', () => {
    const link = only(renderMarkdown('[外部](https://github.com/a?b=1&c=2#top)', redirecting), 'a');
    expect(link.attributes.href).toBe(
      `https://bbs.example.com/redirect?url=${encodeURIComponent('https://github.com/a?b=1&c=2#top')}`,
    );
    expect(link.attributes.target).toBe('_blank');
  });

  it('does not redirect e-mail links but still opens them in a new tab', () => {
    const link = only(renderMarkdown('<mailto:someone@example.com>', redirecting), 'a');
    expect(link.attributes.href).toBe('mailto:someone@example.com');
    expect(link.attributes.target).toBe('_blank');
  });

  it('treats protocol-relative links to another host as external', () => {
    const html = renderMarkdown('[a](//evil.example/x)', site);
    expect(only(html, 'a').attributes.rel).toBe('nofollow noopener noreferrer');
  });

  it('uses the link text as title when the link has none, and keeps a given title', () => {
    expect(only(renderMarkdown('[**粗体** 链接](/x)', site), 'a').attributes.title).toBe('粗体 链接');
    expect(only(renderMarkdown('[文字](/x "标题")', site), 'a').attributes.title).toBe('标题');
  });

  it('links bare URLs but not bare file names', () => {
    const html = renderMarkdown('见 https://example.com/中文 和 readme.md', site);
    expect(only(html, 'a').attributes.href).toBe('https://example.com/%E4%B8%AD%E6%96%87');
  });
});

describe('renderMarkdown: images', () => {
  it('moves src to data-src for lazy loading and keeps alt and title', () => {
    const image = only(renderMarkdown('![截图](https://img.example.com/a.png "标题")', site), 'img');
    expect(image.attributes).toEqual({
      alt: '截图',
      title: '标题',
      'data-src': 'https://img.example.com/a.png',
    });
  });

  it('keeps relative image paths as data-src', () => {
    expect(only(renderMarkdown('![a](/upload/a.png)', site), 'img').attributes['data-src']).toBe(
      '/upload/a.png',
    );
  });

  it('drops data: images', () => {
    const image = only(renderMarkdown('![x](data:image/png;base64,iVBORw0KGgo=)', site), 'img');
    expect(image.attributes).toEqual({ alt: 'x' });
  });
});
