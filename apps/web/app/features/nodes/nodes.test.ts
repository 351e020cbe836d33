import { describe, expect, it } from 'vitest';
import { currentNodeId, nodeLinks, toNodeSummaries } from './nodes';

describe('nodeLinks', () => {
  it('starts with 最新 and 推荐, then the nodes in the given order', () => {
    expect(nodeLinks([{ nodeId: 3, name: '语音识别' }])).toEqual([
      { nodeId: 0, name: '最新', to: '/topics/node/newest' },
      { nodeId: -1, name: '推荐', to: '/topics/node/recommend' },
      { nodeId: 3, name: '语音识别', to: '/topics/node/3' },
    ]);
  });

  it('puts 关注 after 推荐 for a signed-in user', () => {
    expect(nodeLinks([{ nodeId: 3, name: '语音识别' }], true).map((link) => link.name)).toEqual([
      '最新',
      '推荐',
      '关注',
      '语音识别',
    ]);
  });
});

describe('currentNodeId', () => {
  it.each([
    ['/topics/node/newest', 0],
    ['/topics', 0],
    ['/', 0],
    ['/topics/node/recommend', -1],
    ['/topics/node/12', 12],
    ['/topics/tag/4', 0],
    ['/topics/node/feed', -2],
    ['/articles', null],
  ])('%s → %s', (pathname, id) => {
    expect(currentNodeId(pathname)).toBe(id);
  });
});

describe('toNodeSummaries', () => {
  it('keeps id, name and a logo only when there is one', () => {
    expect(
      toNodeSummaries([
        { id: 2, name: '语音合成', logo: '' },
        { id: 5, name: '声学', logo: 'https://example.com/a.png' },
      ]),
    ).toStrictEqual([
      { nodeId: 2, name: '语音合成', logo: undefined },
      { nodeId: 5, name: '声学', logo: 'https://example.com/a.png' },
    ]);
  });
});
