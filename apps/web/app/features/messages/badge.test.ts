import { describe, expect, it } from 'vitest';
import { unreadBadge } from './badge';

describe('unreadBadge', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [120, '9+'],
  ])('%i unread → %j', (count, text) => {
    expect(unreadBadge(count)).toBe(text);
  });
});
