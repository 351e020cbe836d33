import { describe, expect, it } from 'vitest';
import { DefaultSiteConfig } from '@forum/contracts';
import { createItemsFor } from '~/features/nav/create-items';
import { isLinkEnabled, isPathEnabled, moduleOfPath } from './modules';

const withOff = (...off: string[]) => ({
  modules: DefaultSiteConfig.modules.map((entry) => ({ ...entry, enabled: !off.includes(entry.module) })),
});

describe('site modules in the web app', () => {
  it.each([
    ['/topics', '', 'topic'],
    ['/topics/node/3', '', 'topic'],
    ['/topics/tag/2', '', 'topic'],
    ['/topic/create', '', 'topic'],
    ['/topic/create', '?type=1', 'tweet'],
    ['/topic/edit/5', '', 'topic'],
    ['/articles', '', 'article'],
    ['/articles/4', '', 'article'],
    ['/article/7', '', 'article'],
    ['/article/create', '', 'article'],
    ['/', '', undefined],
    ['/topic/12', '', undefined],
    ['/tags', '', undefined],
    ['/user/3', '', undefined],
  ])('%s%s belongs to %s', (path, search, module) => {
    expect(moduleOfPath(path, search)).toBe(module);
  });

  it('a disabled module hides its pages and only those', () => {
    const config = withOff('article');
    expect(isPathEnabled(config, '/articles')).toBe(false);
    expect(isPathEnabled(config, '/article/1')).toBe(false);
    expect(isPathEnabled(config, '/topics')).toBe(true);
    expect(isPathEnabled(DefaultSiteConfig, '/articles')).toBe(true);
  });

  it('hides nav links to a disabled module, keeps other and external links', () => {
    const config = withOff('topic');
    expect(isLinkEnabled(config, '/topics')).toBe(false);
    expect(isLinkEnabled(config, '/')).toBe(true);
    expect(isLinkEnabled(config, 'https://example.org/topics')).toBe(true);
  });

  it('offers only the create choices of enabled modules', () => {
    expect(createItemsFor(DefaultSiteConfig).map((item) => item.label)).toEqual([
      '发话题',
      '发动态',
      '发文章',
    ]);
    expect(createItemsFor(withOff('tweet', 'article')).map((item) => item.label)).toEqual(['发话题']);
    expect(createItemsFor(withOff('tweet', 'topic', 'article'))).toEqual([]);
  });
});
