import { describe, expect, it } from 'vitest';
import { highlightFragment } from './highlight';

const emoji = '😀';
const mark = (text: string) => `<span class='search-highlight'>${text}</span>`;

describe('highlightFragment', () => {
  it('counts characters, not UTF-16 units: 20 before the first match, `length` in all', () => {
    const text = `${emoji.repeat(40)}语音识别${emoji.repeat(40)}`;
    // 18 emoji and 语音 before 识别, then 8 emoji: 30 characters, never half a surrogate pair.
    expect(highlightFragment(text, ['识别'], 30)).toBe(
      `...${emoji.repeat(18)}语音${mark('识别')}${emoji.repeat(8)}...`,
    );
  });

  it('finds the first match case-insensitively and keeps its case', () => {
    const text = `${'前言'.repeat(30)}Conformer 模型${'结尾'.repeat(30)}`;
    expect(highlightFragment(text, ['conformer'], 40)).toBe(
      `...${'前言'.repeat(10)}${mark('Conformer')} 模型${'结尾'.repeat(4)}...`,
    );
  });

  it('starts at the beginning without a match, and leaves a short text whole', () => {
    expect(highlightFragment('没有匹配'.repeat(20), ['不存在'], 8)).toBe('没有匹配没有匹配...');
    expect(highlightFragment('短文本 语音', ['语音'], 128)).toBe(`短文本 ${mark('语音')}`);
    expect(highlightFragment(emoji.repeat(8), [], 8)).toBe(emoji.repeat(8));
  });
});
