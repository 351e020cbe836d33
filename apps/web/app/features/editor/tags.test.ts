import { describe, expect, it } from 'vitest';
import { addTags } from './tags';

describe('addTags', () => {
  it('splits on commas, semicolons and spaces, Chinese ones too', () => {
    expect(addTags([], 'asr, tts；声学')).toEqual(['asr', 'tts', '声学']);
  });

  it('keeps at most three tags', () => {
    expect(addTags(['a', 'b'], 'c d e')).toEqual(['a', 'b', 'c']);
    expect(addTags(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c']);
  });

  it('drops duplicates, empty names and names over 15 characters', () => {
    expect(addTags(['asr'], 'asr,,  一二三四五六七八九十一二三四五六')).toEqual(['asr']);
    expect(addTags([], '一二三四五六七八九十一二三四五')).toEqual(['一二三四五六七八九十一二三四五']);
  });
});
