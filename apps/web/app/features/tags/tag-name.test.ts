import { describe, expect, it } from 'vitest';
import { tagNameIn } from './tag-name';

describe('tagNameIn', () => {
  const items = [
    { tags: [{ id: 1, name: 'ASR' }] },
    {
      tags: [
        { id: 2, name: 'TTS' },
        { id: 3, name: '声纹' },
      ],
    },
  ];

  it('finds the name on any item carrying the tag', () => {
    expect(tagNameIn(items, 3)).toBe('声纹');
  });

  it('knows nothing of a tag no item carries', () => {
    expect(tagNameIn(items, 9)).toBeUndefined();
    expect(tagNameIn([], 1)).toBeUndefined();
  });
});
