import { describe, expect, it } from 'vitest';
import { safeRef, signInUrl, withRef } from './ref';

describe('safeRef', () => {
  it.each([
    ['/topics', '/topics'],
    ['%2Fuser%2F3%3Ftab%3Dtopics', '/user/3?tab=topics'],
    ['/user/3?tab=topics#top', '/user/3?tab=topics#top'],
    ['%252Fabout', '/about'],
  ])('follows the same-site path %s', (raw, expected) => {
    expect(safeRef(raw)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/'],
    ['//evil.example/'],
    ['%2F%2Fevil.example'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/%0d%0aLocation:x'.replace('%0d%0a', '\r\n')],
    ['%E0%A4%A'],
  ])('falls back to / for %j', (raw) => {
    expect(safeRef(raw)).toBe('/');
  });

  it('uses the given fallback', () => {
    expect(safeRef('//x', '/user/profile')).toBe('/user/profile');
  });
});

describe('sign-in links', () => {
  it('encode the way back', () => {
    expect(signInUrl('/user/7?x=1')).toBe('/user/signin?ref=%2Fuser%2F7%3Fx%3D1');
    expect(withRef('/user/signup', '/topics')).toBe('/user/signup?ref=%2Ftopics');
    expect(withRef('/user/signup', null)).toBe('/user/signup');
  });
});
