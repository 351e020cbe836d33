import { describe, expect, it } from 'vitest';
import { clampAvatarSize, initialColor, initialOf } from './Avatar';

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

describe('avatar size', () => {
  it('keeps supported sizes and clamps the rest to 20–150', () => {
    expect(clampAvatarSize(50)).toBe(50);
    expect(clampAvatarSize(100)).toBe(100);
    expect(clampAvatarSize(8)).toBe(20);
    expect(clampAvatarSize(400)).toBe(150);
    expect(clampAvatarSize(Number.NaN)).toBe(50);
  });
});
