import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';
import { sanitizeHtml } from './sanitize-html';
import { renderText } from './text';
import { findXss, xssCorpus } from '../testing/xss-corpus';
import { decodeValue } from '../config/codec';

const renderers: Record<string, (input: string) => string> = {
  renderMarkdown: (input) => renderMarkdown(input, { baseUrl: 'https://bbs.example.com', urlRedirect: true }),
  'renderMarkdown without redirect': (input) =>
    renderMarkdown(input, { baseUrl: 'https://bbs.example.com', urlRedirect: false }),
  sanitizeHtml: (input) => sanitizeHtml(input, { baseUrl: 'https://bbs.example.com', urlRedirect: true }),
  'sanitizeHtml without options': (input) => sanitizeHtml(input),
  renderText,
  // Owner-edited HTML: the site notice as every page reads it from the settings.
  'the site notice': (input) => decodeValue('siteNotification', input),
};

// Raw "<" only starts a tag in output HTML (text has it escaped), so this string check backs up the parser.
const dangerousTagText = /<\/?\s*(script|iframe|object|embed|style|svg|math|form|base|meta|link|noscript)\b/i;

describe('the XSS corpus', () => {
  it('holds at least 60 distinct payloads', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(60);
    expect(new Set(xssCorpus.map((payload) => payload.input)).size).toBe(xssCorpus.length);
  });

  it('has a checker that catches each kind of dangerous HTML', () => {
    expect(findXss('<p>safe <a href="https://example.com">x</a></p>')).toEqual([]);
    expect(findXss('<script>alert(1)</script>')).not.toEqual([]);
    expect(findXss('<img src=x OnError=alert(1)>')).not.toEqual([]);
    expect(findXss('<p style="color:red">x</p>')).not.toEqual([]);
    expect(findXss('<a href="&#106;avascript:alert(1)">x</a>')).not.toEqual([]);
    expect(findXss('<a href=" jav&#x09;ascript:alert(1)">x</a>')).not.toEqual([]);
    expect(findXss('<img data-src="data:text/html,x">')).not.toEqual([]);
    expect(findXss('<a href="VBScript:x">x</a>')).not.toEqual([]);
    expect(findXss('<svg></svg><math></math><iframe></iframe><form></form><base><meta>')).toHaveLength(6);
  });
});

for (const [name, render] of Object.entries(renderers)) {
  describe(`${name} on the XSS corpus`, () => {
    it.each(xssCorpus.map((payload) => [payload.name, payload.input]))('neutralises %s', (_name, input) => {
      const html = render(input);
      expect(findXss(html)).toEqual([]);
      expect(html).not.toMatch(dangerousTagText);
    });
  });
}
