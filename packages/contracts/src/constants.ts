/**
 * Values without schemas: enums, limits, texts and small pure functions. The browser imports these
 * (through this module or the package index), and nothing here may build a zod schema at its top
 * level: a module that does drags all of zod into every page that imports one constant from it.
 */

// Topics and tweets

/** 0: a topic (title + Markdown); 1: a tweet (short plain text with images). */
export const TopicType = { Topic: 0, Tweet: 1 } as const;
export type TopicType = (typeof TopicType)[keyof typeof TopicType];

/** 2: hidden pending review, once reported by `reportHideThreshold` members (docs/moderation.md). */
export const TopicStatus = { Ok: 0, Deleted: 1, ReportHidden: 2 } as const;

export const TOPIC_TITLE_MAX_LENGTH = 128;
export const TOPIC_CONTENT_MAX_LENGTH = 20_000;
export const TWEET_CONTENT_MAX_LENGTH = 5000;
/** A comment's text (the browser's comment box counts against it too, so it lives here). */
export const COMMENT_CONTENT_MAX_LENGTH = 5000;
export const TOPIC_IMAGES_MAX = 9;
export const TOPIC_PAGE_SIZE = 20;
/** Topics per page of the follow feed (legacy GET /api/feed/topics). */
export const FEED_PAGE_SIZE = 20;
export const STICKY_TOPICS_MAX = 3;

// Articles

/** 0 shown, 1 deleted, 2 waiting for review (`articlePending`), legacy `t_article.status`. */
export const ArticleStatus = { Ok: 0, Deleted: 1, Pending: 2 } as const;
export type ArticleStatus = (typeof ArticleStatus)[keyof typeof ArticleStatus];

export const ARTICLE_TITLE_MAX_LENGTH = 128;
export const ARTICLE_SUMMARY_MAX_LENGTH = 512;
export const ARTICLE_CONTENT_MAX_LENGTH = 100_000;
export const TAGS_PER_ARTICLE_MAX = 3;
export const ARTICLE_PAGE_SIZE = 20;
/** Length of a summary computed from the body (legacy: 256 characters). */
export const ARTICLE_SUMMARY_LENGTH = 256;

// Tags

export const TAG_NAME_MAX_LENGTH = 15;
export const TAGS_PER_TOPIC_MAX = 3;
export const TAG_AUTOCOMPLETE_LIMIT = 6;
export const TAG_DESCRIPTION_MAX_LENGTH = 1024;

// Users

export const UserRole = { Owner: 'owner', Admin: 'admin' } as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

/** The signature shown for a user who wrote none (legacy UserInfo rule). */
export const DEFAULT_DESCRIPTION = '这家伙很懒，什么都没留下';

// Uploads

/** Upload limits (docs/architecture.md "Accounts and security"; docs/legacy-api.md Appendix A #5 fixed). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Longest side we decode; larger images are refused before decoding (decompression bombs). */
export const UPLOAD_MAX_SIDE = 8000;
/**
 * Most pixels we decode (a 48-megapixel phone photo, 8000×6000, passes): an 8000×8000 PNG of one
 * colour is 62 KB on the wire and 256 MB once decoded, so it is refused from its header alone.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000;

/** Avatar sizes the UI asks for are 20–150 px (default 50); these square copies serve them. */
export const AVATAR_VARIANT_SIZES = [50, 150] as const;
export const DEFAULT_AVATAR_SIZE = 50;

/** The texts users see when an upload is refused, defined once. */
export const UploadMessages = {
  missing: '请上传图片',
  tooLarge: '图片不能超过10M',
  unsupported: '图片格式不支持，请上传 JPG、PNG、WebP 或 GIF 图片',
  tooManyPixels: `图片尺寸过大，宽高不能超过${UPLOAD_MAX_SIDE}像素，总像素不能超过${UPLOAD_MAX_PIXELS / 10_000}万`,
} as const;

/** Keys our storage writes: `images/YYYY/MM/DD/<sha256>.<ext>`, avatar copies `<sha256>_<size>.<ext>`. */
const OUR_IMAGE_PATH = /\/images\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{64}\.(jpg|png|webp|gif)$/;

/**
 * The URL of an avatar for a display size: our uploads have square copies at
 * AVATAR_VARIANT_SIZES, so the smallest copy not smaller than `size` is used. Any other URL (a
 * third-party avatar, an empty string) is returned unchanged.
 */
export function avatarUrlForSize(avatar: string, size: number = DEFAULT_AVATAR_SIZE): string {
  if (!OUR_IMAGE_PATH.test(avatar)) return avatar;
  const variant = AVATAR_VARIANT_SIZES.find((candidate) => candidate >= size) ?? AVATAR_VARIANT_SIZES.at(-1)!;
  return avatar.replace(/\.(jpg|png|webp|gif)$/, `_${variant}.$1`);
}

// Moderation

/** Longest timed mute; anything longer is what a permanent mute (-1) is for. */
export const MAX_MUTE_DAYS = 3650;
/** The reason is stored in the operation log, whose description holds 1024 characters. */
export const MAX_MUTE_REASON_LENGTH = 500;

/** Mute lengths the site offers (docs/legacy-api.md §4.10): 7 days, permanent, and 0 to lift the mute. */
export const MuteDays = { Week: 7, Permanent: -1, Lift: 0 } as const;

// Search

/** Results per page of a search (docs/legacy-api.md §1.12). */
export const SEARCH_PAGE_SIZE = 20;
/** Characters a search keyword may have (docs/search.md: the search box takes 30). */
export const SEARCH_KEYWORD_MAX = 30;
/** Characters of the summary fragment around the first match. */
export const SEARCH_SUMMARY_LENGTH = 128;

/** 0 any time, 1 a day, 2 a week, 3 a month, 4 a year (legacy `timeRange`). */
export const SearchTimeRanges = [0, 1, 2, 3, 4] as const;
export type SearchTimeRange = (typeof SearchTimeRanges)[number];

// The admin console

/** Mute lengths the console offers in days; -1 (permanent) is the owner's alone. */
export const ADMIN_MUTE_DAYS = [3, 7, 15, 30, -1] as const;
/** The reasons the 2022 console offered; anything else is typed as free text. */
export const MUTE_REASONS = ['广告', '灌水', '涉黄', '涉政', '其他'] as const;

export const ADMIN_PAGE_LIMIT = 20;
export const ADMIN_PAGE_MAX_LIMIT = 100;

// Site configuration

/**
 * The site's modules the owner can switch off (the settings' schema in config.ts enumerates these).
 * Here, not there, because the browser reads them: config.ts carries zod.
 */
export const SITE_MODULE_NAMES = ['tweet', 'topic', 'article'] as const;
export type SiteModuleName = (typeof SITE_MODULE_NAMES)[number];
export interface SiteModule {
  module: SiteModuleName;
  enabled: boolean;
}

/** Whether a module is on; a module the list does not name is on, as in bbs-go. */
export function isModuleEnabled(config: { modules: readonly SiteModule[] }, name: SiteModuleName): boolean {
  return config.modules.find((entry) => entry.module === name)?.enabled ?? true;
}

/** Limits of the site configuration (its schema in config.ts, and the console's settings form). */
export const SITE_TITLE_MAX_LENGTH = 128;
export const SITE_DESCRIPTION_MAX_LENGTH = 1024;
export const SITE_NAV_TITLE_MAX_LENGTH = 32;
export const LEVEL_TITLE_MAX_LENGTH = 16;
/** How long a sign-in lasts, in days. */
export const TOKEN_EXPIRE_DAYS_MIN = 1;
export const TOKEN_EXPIRE_DAYS_MAX = 3650;
/** The longest edit window of comments and tweets the owner may set: a week, in minutes. */
export const CONTENT_EDIT_MINUTES_MAX = 10_080;

/** Whether `zone` is an IANA time zone name this runtime knows (offsets such as "+08:00" are not). */
export function isTimeZoneName(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** bbs-go's account formats (docs/legacy-api.md §4.11): the API checks them, the forms before it. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_\-.]+@[A-Za-z0-9_\-.]+\.[A-Za-z]{2,4}$/;
export const USERNAME_PATTERN = /^[A-Za-z][0-9A-Za-z_-]{4,11}$/;

// Mentions (@username, docs/events-and-jobs.md "Mentions")

/**
 * Members one post tells of a mention, counted over the post's life (its edits included): further
 * `@username`s are still rendered as links but tell nobody (docs/limits.md).
 */
export const MENTIONS_PER_POST_MAX = 10;
/** Suggestions the editors' `@` list shows, and the longest prefix it looks up. */
export const MENTION_SUGGESTIONS_MAX = 8;
export const MENTION_PREFIX_MAX_LENGTH = 20;
/**
 * An `@username` in a post: not after a letter, digit or `@._-/` (an e-mail address, a path), and
 * a username by its own rule (`USERNAME_PATTERN`) not followed by more of its characters.
 */
export const MENTION_PATTERN = /(?<![0-9A-Za-z_@./-])@([A-Za-z][0-9A-Za-z_-]{4,11})(?![0-9A-Za-z_-])/g;
/** bbs-go's IsPassword: at least this many characters. */
export const PASSWORD_MIN_LENGTH = 6;
// Reports (举报) — docs/moderation.md.
/** What a member can report: a topic (a tweet is a topic too), a comment, an article or a member. */
export const ReportTargetTypes = ['topic', 'comment', 'article', 'user'] as const;
export type ReportTargetType = (typeof ReportTargetTypes)[number];

/** Why: spam, abuse, off-topic, or something else said in the text. */
export const ReportReasons = ['spam', 'abuse', 'offTopic', 'other'] as const;
export type ReportReason = (typeof ReportReasons)[number];

export const REPORT_TEXT_MAX_LENGTH = 200;
/** Reported items a page of the console's queue shows. */
export const REPORT_QUEUE_PAGE_SIZE = 20;
/** Default of the `reportHideThreshold` site setting. */
export const DEFAULT_REPORT_HIDE_THRESHOLD = 5;

/** What a moderator does with a reported item: nothing (忽略), delete it, or mute its author. */
export const ReportActions = ['dismiss', 'delete', 'mute'] as const;
export type ReportAction = (typeof ReportActions)[number];

/** How many members one may block (屏蔽, docs/moderation.md). */
export const BLOCKS_MAX = 1000;

/** How many topics one may watch (关注此话题, docs/events-and-jobs.md "Watched topics"). */
export const WATCHES_MAX = 2000;
/** How many watched topics the account settings list (newest first). */
export const WATCH_LIST_SIZE = 100;
