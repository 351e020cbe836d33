import { describe, expect, it } from 'vitest';
import { pageMeta, pageTitle } from './meta';

describe('pageTitle', () => {
  it('puts the page before the site title', () => {
    expect(pageTitle('语音社区', '关于')).toBe('关于 | 语音社区');
  });

  it('is just the site title on the home page', () => {
    expect(pageTitle('语音社区')).toBe('语音社区');
    expect(pageTitle('语音社区', '')).toBe('语音社区');
  });
});

describe('pageMeta', () => {
  it('carries the configured description and comma-joined keywords', () => {
    const site = { title: '语音社区', description: '描述', keywords: ['语音识别', '语音合成'] };
    expect(pageMeta(site, '关于')).toEqual([
      { title: '关于 | 语音社区' },
      { name: 'description', content: '描述' },
      { name: 'keywords', content: '语音识别,语音合成' },
    ]);
  });
});
