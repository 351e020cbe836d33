import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; userToken=abc%3D%3D; b=2', 'userToken')).toBe('abc==');
  });

  it('does not match a cookie whose name only ends with the wanted name', () => {
    expect(readCookie('olduserToken=x', 'userToken')).toBeUndefined();
  });

  it('answers undefined for a missing header or a malformed value', () => {
    expect(readCookie(null, 'userToken')).toBeUndefined();
    expect(readCookie('userToken=%E0%A4%A', 'userToken')).toBeUndefined();
  });
});
