import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('drops tags and decodes the escaped characters of a tweet', () => {
    expect(plainText('a &lt;b&gt; &amp; &quot;c&quot;<br>next')).toBe('a <b> & "c" next');
  });

  it('collapses whitespace and cuts long text', () => {
    expect(plainText('  one\n\n two  ')).toBe('one two');
    expect(plainText('一二三四五', 3)).toBe('一二三…');
  });
});
