import { describe, expect, it } from 'vitest';
import { DefaultSiteConfig } from '@forum/contracts';
import { listOf, settingsProblem } from './settings-form';

describe('checking the settings form', () => {
  it('accepts the defaults', () => {
    expect(settingsProblem(DefaultSiteConfig)).toBeNull();
  });

  it.each([
    [
      {
        siteNavs: [
          { title: '首页', url: '/' },
          { title: ' ', url: '/x' },
        ],
      },
      '导航第2项的标题不能为空',
    ],
    [{ siteNavs: [{ title: '话题', url: '' }] }, '导航第1项的链接不能为空'],
    [{ scoreConfig: { postTopicScore: 1.5, postCommentScore: 1, checkInScore: 1 } }, '积分必须是整数'],
    [{ userObserveSeconds: -1 }, '用户观察期必须是不小于0的整数'],
    [{ reportHideThreshold: -1 }, '举报隐藏人数必须是不小于0的整数'],
    [{ reportHideThreshold: 1.5 }, '举报隐藏人数必须是不小于0的整数'],
    [{ tokenExpireDays: 0 }, '登录有效期必须是1到3650天'],
    [{ siteTimeZone: '+08:00' }, '时区无效，请填写如 Asia/Shanghai 的时区名称'],
    [
      {
        levelConfig: [
          { level: 1, title: '新手', score: 0 },
          { level: 2, title: '入门', score: 0 },
        ],
      },
      '第2级的所需积分必须大于第1级',
    ],
    [{ levelConfig: [{ level: 1, title: '', score: 0 }] }, '第1级的称号不能为空'],
  ])('names the first problem of %j', (change, problem) => {
    expect(settingsProblem({ ...DefaultSiteConfig, ...change })).toBe(problem);
  });

  it('reads lists separated by commas (either width) or lines', () => {
    expect(listOf('语音, 识别，合成\n\n 声学 ')).toEqual(['语音', '识别', '合成', '声学']);
  });
});
