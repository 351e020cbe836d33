/**
 * The settings form's rules: the first problem of a configuration as the owner reads it, checked
 * before saving (the server checks again and answers `Texts.common.configInvalid`). The limits are
 * the contract's, the ones its schema enforces.
 */
import {
  LEVEL_TITLE_MAX_LENGTH,
  SITE_DESCRIPTION_MAX_LENGTH,
  SITE_NAV_TITLE_MAX_LENGTH,
  SITE_TITLE_MAX_LENGTH,
  TOKEN_EXPIRE_DAYS_MAX,
  TOKEN_EXPIRE_DAYS_MIN,
  CONTENT_EDIT_MINUTES_MAX,
  isTimeZoneName,
  type SiteConfig,
} from '@forum/contracts';
import { AdminSettingsTexts } from '~/texts/admin-settings';

const problems = AdminSettingsTexts.problems;

const isInt = (value: number) => Number.isSafeInteger(value);

export function settingsProblem(config: SiteConfig): string | null {
  if ([...config.siteTitle].length > SITE_TITLE_MAX_LENGTH)
    return problems.siteTitleTooLong(SITE_TITLE_MAX_LENGTH);
  if ([...config.siteDescription].length > SITE_DESCRIPTION_MAX_LENGTH) {
    return problems.siteDescriptionTooLong(SITE_DESCRIPTION_MAX_LENGTH);
  }
  for (const [index, nav] of (config.siteNavs ?? []).entries()) {
    if (!nav.title.trim()) return problems.navTitleRequired(index + 1);
    if ([...nav.title.trim()].length > SITE_NAV_TITLE_MAX_LENGTH) {
      return problems.navTitleTooLong(index + 1, SITE_NAV_TITLE_MAX_LENGTH);
    }
    if (!nav.url.trim()) return problems.navUrlRequired(index + 1);
  }
  const { postTopicScore, postCommentScore, checkInScore } = config.scoreConfig;
  if (![postTopicScore, postCommentScore, checkInScore].every(isInt)) return problems.scoreNotInteger;
  if (!isInt(config.userObserveSeconds) || config.userObserveSeconds < 0)
    return problems.observeSecondsInvalid;
  if (!isInt(config.reportHideThreshold) || config.reportHideThreshold < 0)
    return problems.reportHideThresholdInvalid;
  if (
    !isInt(config.tokenExpireDays) ||
    config.tokenExpireDays < TOKEN_EXPIRE_DAYS_MIN ||
    config.tokenExpireDays > TOKEN_EXPIRE_DAYS_MAX
  ) {
    return problems.tokenExpireDaysOutOfRange(TOKEN_EXPIRE_DAYS_MIN, TOKEN_EXPIRE_DAYS_MAX);
  }
  if (!isTimeZoneName(config.siteTimeZone.trim())) return problems.timeZoneInvalid;
  const editMinutes = config.contentEditMinutes;
  if (!isInt(editMinutes) || editMinutes < 0 || editMinutes > CONTENT_EDIT_MINUTES_MAX) {
    return problems.contentEditMinutesOutOfRange(CONTENT_EDIT_MINUTES_MAX);
  }
  if (config.levelConfig.length === 0) return problems.levelsRequired;
  for (const [index, level] of config.levelConfig.entries()) {
    if (!level.title.trim()) return problems.levelTitleRequired(index + 1);
    if ([...level.title.trim()].length > LEVEL_TITLE_MAX_LENGTH) {
      return problems.levelTitleTooLong(index + 1, LEVEL_TITLE_MAX_LENGTH);
    }
    if (!isInt(level.score)) return problems.levelScoreNotInteger(index + 1);
    if (index > 0 && level.score <= config.levelConfig[index - 1]!.score) {
      return problems.levelScoreNotAbove(index + 1);
    }
  }
  return null;
}

/** A comma- (ASCII or full-width, U+FF0C) or newline-separated list as the owner types it; empties dropped. */
export const listOf = (text: string) =>
  text
    .split(/[,\uFF0C\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
