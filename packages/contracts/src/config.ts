import { z } from 'zod';
import {
  SITE_MODULE_NAMES,
  type SiteModuleName,
  LEVEL_TITLE_MAX_LENGTH,
  SITE_DESCRIPTION_MAX_LENGTH,
  SITE_NAV_TITLE_MAX_LENGTH,
  SITE_TITLE_MAX_LENGTH,
  CONTENT_EDIT_MINUTES_MAX,
  TOKEN_EXPIRE_DAYS_MAX,
  TOKEN_EXPIRE_DAYS_MIN,
  isTimeZoneName,
  DEFAULT_REPORT_HIDE_THRESHOLD,
} from './constants';
import { isSitePathOrHttpUrl } from './ref';

/** A navigation link of the site header ("ActionLink" in the legacy API). */
export const SiteNavSchema = z.object({
  title: z.string().trim().min(1).max(SITE_NAV_TITLE_MAX_LENGTH),
  // A page of ours or an http(s) address: a `javascript:` link in the header would run for everyone.
  url: z.string().trim().min(1).max(512).refine(isSitePathOrHttpUrl, {
    message: '导航链接只能是站内路径或 http(s) 地址',
  }),
});
export type SiteNav = z.infer<typeof SiteNavSchema>;

export const ScoreConfigSchema = z.object({
  postTopicScore: z.number().int(),
  postCommentScore: z.number().int(),
  checkInScore: z.number().int(),
});
export type ScoreConfig = z.infer<typeof ScoreConfigSchema>;

/** One level: reached at `score` points, shown as "Lv.{level}" with `title` (legacy has none; bbs-go 2026 does). */
export const LevelSchema = z.object({
  level: z.number().int().positive(),
  title: z.string().trim().min(1).max(LEVEL_TITLE_MAX_LENGTH),
  score: z.number().int(),
});
export type Level = z.infer<typeof LevelSchema>;

/**
 * The levels, lowest first: numbered 1, 2, 3, … with thresholds that rise strictly. The first level
 * is also where a score below every threshold lands.
 */
export const LevelConfigSchema = z
  .array(LevelSchema)
  .min(1)
  .max(50)
  .refine((levels) => levels.every((entry, index) => entry.level === index + 1), {
    message: 'levels are numbered 1, 2, 3, … in order',
  })
  .refine((levels) => levels.every((entry, index) => index === 0 || entry.score > levels[index - 1]!.score), {
    message: 'each level needs more points than the one before',
  });
export type LevelConfig = z.infer<typeof LevelConfigSchema>;

export const TimeZoneSchema = z.string().trim().refine(isTimeZoneName, { message: 'not an IANA time zone' });

export const LoginMethodSchema = z.object({
  password: z.boolean(),
  qq: z.boolean(),
  github: z.boolean(),
  osc: z.boolean(),
});
export type LoginMethod = z.infer<typeof LoginMethodSchema>;

/** A part of the site that the owner can switch off (late-2022 bbs-go `modules`). */
export const SiteModuleNameSchema = z.enum(SITE_MODULE_NAMES);

export const SiteModuleSchema = z.object({ module: SiteModuleNameSchema, enabled: z.boolean() });

/** What a user reads when creating in a module that is switched off. */
export const ModuleDisabledMessages: Record<SiteModuleName, string> = {
  tweet: '本站已关闭动态功能',
  topic: '本站已关闭话题功能',
  article: '本站已关闭文章功能',
};

/**
 * The public site configuration (legacy "SysConfigResponse", docs/legacy-api.md §5.1). The key order of
 * this object is the wire order.
 */
export const SiteConfigSchema = z.object({
  siteTitle: z.string().max(SITE_TITLE_MAX_LENGTH),
  siteDescription: z.string().max(SITE_DESCRIPTION_MAX_LENGTH),
  siteKeywords: z.array(z.string().max(64)).max(64).nullable(),
  siteNavs: z.array(SiteNavSchema).max(32).nullable(),
  siteNotification: z.string().max(10_000),
  recommendTags: z.array(z.string().max(32)).max(64).nullable(),
  urlRedirect: z.boolean(),
  scoreConfig: ScoreConfigSchema,
  defaultNodeId: z.number().int(),
  articlePending: z.boolean(),
  topicCaptcha: z.boolean(),
  userObserveSeconds: z.number().int().min(0),
  tokenExpireDays: z.number().int().min(TOKEN_EXPIRE_DAYS_MIN).max(TOKEN_EXPIRE_DAYS_MAX),
  loginMethod: LoginMethodSchema,
  createTopicEmailVerified: z.boolean(),
  createArticleEmailVerified: z.boolean(),
  createCommentEmailVerified: z.boolean(),
  enableHideContent: z.boolean(),
  /** Always every module, in the default order: one the owner left out is on, as in bbs-go. */
  modules: z
    .array(SiteModuleSchema)
    .max(16)
    .transform((modules) =>
      SiteModuleNameSchema.options.map((module) => ({
        module,
        enabled: modules.find((entry) => entry.module === module)?.enabled ?? true,
      })),
    ),
  /** E-mail domains allowed to sign up (late-2022 bbs-go); empty allows every domain. */
  emailWhitelist: z.array(z.string().trim().max(128)).max(256),
  // Ours, after the legacy keys: levels from points, and the day boundary of check-ins.
  levelConfig: LevelConfigSchema,
  siteTimeZone: TimeZoneSchema,
  /** Minutes after posting in which members may edit their comments and tweets; 0: never. */
  contentEditMinutes: z.number().int().min(0).max(CONTENT_EDIT_MINUTES_MAX),
  /** Reports by this many members hide an item pending review (docs/moderation.md); 0: never. */
  reportHideThreshold: z.number().int().min(0).max(10_000),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
export type SiteConfigKey = keyof SiteConfig;
export const SiteConfigKeys = Object.keys(SiteConfigSchema.shape) as SiteConfigKey[];

/** A partial update of the configuration, as the admin saves it. */
export const SiteConfigPatchSchema = SiteConfigSchema.partial();
export type SiteConfigPatch = z.infer<typeof SiteConfigPatchSchema>;

/** Values seeded on a fresh database (our product's defaults, not bbs-go's demo). */
export const DefaultSiteConfig: SiteConfig = {
  siteTitle: '语音社区',
  siteDescription: '面向语音研究者的中文社区：语音识别、语音合成、声学与语言模型的讨论、文章与项目。',
  siteKeywords: ['语音识别', '语音合成', '声学模型', '语音社区'],
  siteNavs: [
    { title: '首页', url: '/' },
    { title: '话题', url: '/topics' },
    { title: '文章', url: '/articles' },
  ],
  siteNotification: '',
  recommendTags: null,
  urlRedirect: false,
  scoreConfig: { postTopicScore: 1, postCommentScore: 1, checkInScore: 1 },
  defaultNodeId: 1,
  articlePending: false,
  topicCaptcha: false,
  userObserveSeconds: 0,
  tokenExpireDays: 365,
  loginMethod: { password: true, qq: true, github: true, osc: false },
  createTopicEmailVerified: false,
  createArticleEmailVerified: false,
  createCommentEmailVerified: false,
  enableHideContent: false,
  modules: [
    { module: 'tweet', enabled: true },
    { module: 'topic', enabled: true },
    { module: 'article', enabled: true },
  ],
  emailWhitelist: [],
  levelConfig: [
    { level: 1, title: '新手', score: 0 },
    { level: 2, title: '入门', score: 10 },
    { level: 3, title: '学徒', score: 50 },
    { level: 4, title: '熟手', score: 150 },
    { level: 5, title: '行家', score: 400 },
    { level: 6, title: '专家', score: 1000 },
    { level: 7, title: '大师', score: 2500 },
    { level: 8, title: '宗师', score: 6000 },
  ],
  /** Seeded from `SITE_TIME_ZONE` when the server sets it (see core's `defaultConfigValue`). */
  siteTimeZone: 'Asia/Shanghai',
  contentEditMinutes: 15,
  reportHideThreshold: DEFAULT_REPORT_HIDE_THRESHOLD,
};
