/**
 * The settings form's rules: the first problem of a configuration as the owner reads it, checked
 * before saving (the server checks again and answers 配置数据格式错误).
 */
import { isTimeZoneName, type SiteConfig } from '@forum/contracts';

const isInt = (value: number) => Number.isSafeInteger(value);

export function settingsProblem(config: SiteConfig): string | null {
  if ([...config.siteTitle].length > 128) return '网站名称不能超过128个字';
  if ([...config.siteDescription].length > 1024) return '网站描述不能超过1024个字';
  for (const [index, nav] of (config.siteNavs ?? []).entries()) {
    if (!nav.title.trim()) return `导航第${index + 1}项的标题不能为空`;
    if ([...nav.title.trim()].length > 32) return `导航第${index + 1}项的标题不能超过32个字`;
    if (!nav.url.trim()) return `导航第${index + 1}项的链接不能为空`;
  }
  const { postTopicScore, postCommentScore, checkInScore } = config.scoreConfig;
  if (![postTopicScore, postCommentScore, checkInScore].every(isInt)) return '积分必须是整数';
  if (!isInt(config.userObserveSeconds) || config.userObserveSeconds < 0)
    return '用户观察期必须是不小于0的整数';
  if (!isInt(config.tokenExpireDays) || config.tokenExpireDays < 1 || config.tokenExpireDays > 3650) {
    return '登录有效期必须是1到3650天';
  }
  if (!isTimeZoneName(config.siteTimeZone.trim())) return '时区无效，请填写如 Asia/Shanghai 的时区名称';
  if (config.levelConfig.length === 0) return '至少需要一个等级';
  for (const [index, level] of config.levelConfig.entries()) {
    if (!level.title.trim()) return `第${index + 1}级的称号不能为空`;
    if ([...level.title.trim()].length > 16) return `第${index + 1}级的称号不能超过16个字`;
    if (!isInt(level.score)) return `第${index + 1}级的所需积分必须是整数`;
    if (index > 0 && level.score <= config.levelConfig[index - 1]!.score) {
      return `第${index + 1}级的所需积分必须大于第${index}级`;
    }
  }
  return null;
}

/** A comma- or newline-separated list as the owner types it; empties dropped. */
export const listOf = (text: string) =>
  text
    .split(/[,，\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
