import { describe, expect, it } from 'vitest';
import { renderText, stripNul } from './text';

describe('renderText', () => {
  it('escapes every HTML special character', () => {
    expect(renderText(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
  });

  it('keeps newlines and spaces as text for pre-wrap display', () => {
    expect(renderText('第一行\n  第二行')).toBe('第一行\n  第二行');
  });

  it('drops NUL characters', () => {
    expect(renderText('a\0b')).toBe('ab');
  });
});

describe('stripNul', () => {
  it('removes every NUL and leaves the rest of the text alone', () => {
    expect(stripNul('\0你好\0 world\0')).toBe('你好 world');
  });
});
