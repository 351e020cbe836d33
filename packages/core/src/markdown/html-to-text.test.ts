import { describe, expect, it } from 'vitest';
import { htmlToText, summarize } from './html-to-text';

describe('htmlToText', () => {
  it('decodes entities, collapses whitespace and trims', () => {
    expect(htmlToText('  <p>Tom &amp; Jerry&nbsp;&lt;3</p>\n\n<p>  second\tline </p> ')).toBe(
      'Tom & Jerry <3 second line',
    );
  });

  it('separates block elements with a space', () => {
    expect(htmlToText('<h1>标题</h1><p>正文</p><ul><li>一</li><li>二</li></ul>')).toBe('标题 正文 一 二');
  });

  it('leaves out script and style contents', () => {
    expect(htmlToText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('a b');
  });

  it('keeps inline elements inside a word together', () => {
    expect(htmlToText('<p>un<strong>believ</strong>able</p>')).toBe('unbelievable');
  });
});

describe('summarize', () => {
  it('returns short text unchanged, without "..."', () => {
    expect(summarize('<p>你好，世界</p>', 5)).toBe('你好，世界');
  });

  it('cuts long text to the length and appends "..."', () => {
    expect(summarize('<p>abcdefghij</p>', 4)).toBe('abcd...');
  });

  it('counts each CJK character as one', () => {
    expect(summarize('<p>一二三四五六七八九十</p>', 3)).toBe('一二三...');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(summarize('<p>😀😃😄😁</p>', 2)).toBe('😀😃...');
    expect(summarize('<p>😀😃</p>', 2)).toBe('😀😃');
  });

  it('counts characters of the plain text, not of the markup', () => {
    expect(summarize('<p><a href="https://example.com/very/long">link</a></p>', 4)).toBe('link');
  });

  it('matches the legacy 128-character topic summary', () => {
    const text = '字'.repeat(200);
    expect(summarize(`<p>${text}</p>`, 128)).toBe('字'.repeat(128) + '...');
  });
});
