import { describe, expect, it } from 'vitest';
import { refLocation, safeRef, signInUrl, withRef } from './ref';

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

describe('refLocation', () => {
  it('percent-encodes what a Location header cannot carry, and nothing else', () => {
    expect(refLocation('%2F%E4%B8%AD')).toBe('/%E4%B8%AD');
    expect(refLocation('/tags/语音 识别?q=声学#段落')).toBe(
      `/tags/${encodeURIComponent('语音 识别')}?q=${encodeURIComponent('声学')}#${encodeURIComponent('段落')}`,
    );
    expect(refLocation('/topic/1?x=%20y')).toBe('/topic/1?x=%20y');
    expect(refLocation('/😀')).toBe('/%F0%9F%98%80');
  });

  it('falls back like safeRef, also for text no encoding can carry', () => {
    expect(refLocation('//evil.example')).toBe('/');
    expect(refLocation('/\uD800')).toBe('/');
  });
});

describe('sign-in links', () => {
  it('encode the way back', () => {
    expect(signInUrl('/user/7?x=1')).toBe('/user/signin?ref=%2Fuser%2F7%3Fx%3D1');
    expect(withRef('/user/signup', '/topics')).toBe('/user/signup?ref=%2Ftopics');
    expect(withRef('/user/signup', null)).toBe('/user/signup');
  });
});
