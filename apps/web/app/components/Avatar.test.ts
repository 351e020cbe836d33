import { describe, expect, it } from 'vitest';
import { initialColor, initialOf } from './Avatar';

describe('avatar placeholder', () => {
  it('uses the upper-cased first letter of the nickname, else the username', () => {
    expect(initialOf({ nickname: 'alice' })).toBe('A');
    expect(initialOf({ nickname: '', username: 'bob' })).toBe('B');
    expect(initialOf({ nickname: '语音' })).toBe('语');
  });

  it('gives the same letter the same colour every time', () => {
    expect(initialColor('A')).toBe(initialColor('A'));
    expect(initialColor('A')).not.toBe(initialColor('B'));
  });
});
