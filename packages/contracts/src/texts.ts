/**
 * The Chinese texts users read (refusals and errors, notices, names shown in place of a nickname)
 * in one catalogue, grouped by feature. Most are bbs-go's wording, pinned byte for byte by the
 * legacy tests (docs/legacy-api.md describes them): where two endpoints word the same refusal
 * differently, both keys are here and a comment says which endpoint says which. A text that takes
 * a value is a function of it.
 *
 * Not here: the default text of each error code (`ErrorMessages` in errors.ts) and the messages of
 * a schema that only that schema gives (they live beside it: `AccountMessages`, `UploadMessages`,
 * `OAuthMessages`, …). A text both a schema and a service give is here, and both reference it.
 * Browser-safe: no zod, only constants.
 */
import {
  ARTICLE_CONTENT_MAX_LENGTH,
  ARTICLE_SUMMARY_MAX_LENGTH,
  ARTICLE_TITLE_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  TAGS_PER_ARTICLE_MAX,
  TOPIC_CONTENT_MAX_LENGTH,
  TOPIC_IMAGES_MAX,
  TOPIC_TITLE_MAX_LENGTH,
  TWEET_CONTENT_MAX_LENGTH,
} from './constants';

/** The operation log names a changed user field by these words (in the order of the changes). */
const userFieldNames = {
  username: '用户名',
  password: '密码',
  nickname: '昵称',
  email: '邮箱',
  roles: '角色',
  status: '状态',
} as const;

const deepFreeze = <T extends object>(texts: T): T => {
  for (const value of Object.values(texts)) if (typeof value === 'object') deepFreeze(value as object);
  return Object.freeze(texts);
};

/** Wordings several features share. */
export const TextsCommon = {
  /** bbs-go's answer to an unknown entity type or a missing id. */
  invalidParam: '参数非法',
  titleRequired: '标题不能为空',
  contentRequired: '内容不能为空',
  /** A site-config document that does not parse (admin /sys-config and the config loader). */
  configInvalid: '配置数据格式错误',
};

export const TextsTopics = {
  /**
   * "Topic missing" has four wordings in bbs-go, each kept for its endpoint: GET /api/topic/{id}
   * says 主题不存在, /edit/{id} 话题不存在或已被删除 (so does the article edit, sic), /recommend/{id}
   * 帖子不存在, and /sticky/{id}, /like/{id} and the admin restore 话题不存在.
   */
  missing: '话题不存在',
  missingOnView: '主题不存在',
  missingOnEdit: '话题不存在或已被删除',
  missingOnRecommend: '帖子不存在',
  /** GET /api/topic/favorite/{id} names what was favourited. */
  missingOnFavorite: '收藏的话题不存在',
  tweetNotEditable: '当前类型帖子不支持修改',
  nodeRequired: '请选择节点',
  nodeMissing: '节点不存在',
  titleTooLong: `标题长度不能超过${TOPIC_TITLE_MAX_LENGTH}`,
  contentTooLong: `内容长度不能超过${TOPIC_CONTENT_MAX_LENGTH}`,
  tweetEmpty: '内容或图片不能为空',
  tweetTooLong: `内容长度不能超过${TWEET_CONTENT_MAX_LENGTH}`,
  tooManyTags: (max: number) => `标签最多${max}个`,
  tagTooLong: `标签长度不能超过${TAG_NAME_MAX_LENGTH}`,
  tooManyImages: `图片最多${TOPIC_IMAGES_MAX}张`,
  imageNotOurs: '图片地址无效，请重新上传',
  /** What a tweet without text shows for its text (bbs-go): in lists, feeds and notices. */
  imageOnlyTweet: '分享图片',
};

export const TextsArticles = {
  missing: '文章不存在',
  /** GET /api/article/favorite/{id}, like the topic's. */
  missingOnFavorite: '收藏的文章不存在',
  pendingReview: '文章审核中',
  titleTooLong: `标题长度不能超过${ARTICLE_TITLE_MAX_LENGTH}`,
  contentTooLong: `内容长度不能超过${ARTICLE_CONTENT_MAX_LENGTH}`,
  summaryTooLong: `摘要长度不能超过${ARTICLE_SUMMARY_MAX_LENGTH}`,
  contentTypeRequired: '请选择内容格式',
  tagMissing: '标签不存在',
  tooManyTags: `标签数量不能超过${TAGS_PER_ARTICLE_MAX}个`,
  tagAlreadyOn: '文章已有该标签',
  /** Admin article-tag search without either id. */
  tagQueryNeedsId: '请指定查询的【文章编号】或【标签编号】',
  /** Admin article search without either id. */
  queryNeedsId: '请指定查询的【文章编号】或【作者编号】',
};

export const TextsComments = {
  missing: '评论不存在',
  targetMissing: '评论的对象不存在',
  quoteMissing: '引用的评论不存在',
  unsupportedTarget: '不支持评论该类型的内容',
  empty: '请输入评论内容',
  tooLong: (max: number) => `评论内容不能超过${max}个字符`,
  /** Legacy POST /api/comment/create without entityType. */
  entityTypeRequired: '参数：entityType不能为空',
  /** What a deleted comment shows instead of its content. */
  deletedContent: '内容已删除',
};

/** Editing one's own comments and tweets after posting, and the versions an edit keeps. */
const TextsEdits = {
  /** A member's edit after the site's edit window (`contentEditMinutes`) closed. */
  windowClosed: (minutes: number) => `发布超过${minutes}分钟后不能再编辑`,
  /** An edit that changes nothing. */
  unchanged: '内容没有变化',
  tweetMissing: '动态不存在',
};

export const TextsUsers = {
  /** Also AccountMessages.userNotFound and EmailVerificationMessages.userNotFound. */
  missing: '用户不存在',
  /** The sign-up and the profile edit share these (AccountMessages, UpdateProfileInputSchema). */
  nicknameRequired: '昵称不能为空',
  nicknameTooLong: (max: number) => `昵称不能超过${max}个字`,
  /** The account rules the sign-up and password forms check before the API does (AccountMessages). */
  passwordRequired: '请输入密码',
  passwordTooSimple: '密码过于简单',
  passwordMismatch: '两次输入密码不匹配',
  emailRequired: '请输入邮箱',
  usernameInvalid: '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头',
  /** Sign-up, e-mail change and e-mail verification. */
  emailInvalid: '邮箱格式不符合规范',
  avatarRequired: '头像不能为空',
  avatarNotOurs: '头像必须是本站上传的图片',
  backgroundNotOurs: '背景图片必须是本站上传的图片',
  /** Legacy profile settings: a boolean field that is not one. */
  emailNotifyInvalid: '参数错误：emailNotify 应为 true 或 false',
  cannotDropOwnOwnerRole: '不能取消自己的站长角色',
  cannotDisableSelf: '不能禁用自己的账号',
  thirdPartyAccountTaken: '该第三方账号已被绑定',
  /** Names shown instead of a nickname (bbs-go's UserInfo): a missing and a blacklisted user. */
  anonymousName: (id: number) => `匿名用户${id}`,
  blacklistedName: '黑名单用户',
  /** The nickname of a third-party sign-up whose provider gave none, and of the bootstrapped owner. */
  defaultNickname: (id: number) => `用户${id}`,
  ownerNickname: '站长',
};

/** Blocking (屏蔽) a member (docs/moderation.md). */
const TextsBlocks = {
  cannotBlockSelf: '不能屏蔽自己',
  /** The blocked member asks to follow the member who blocked them. */
  blockedByThem: '对方已将你屏蔽，无法关注',
  tooMany: (max: number) => `最多屏蔽 ${max} 位用户`,
};

/** Watching a topic (关注此话题, docs/events-and-jobs.md "Watched topics"). */
const TextsWatches = {
  /** Watching a deleted topic, or one hidden by reports. */
  cannotWatch: '该话题已删除或被隐藏，无法关注',
  tooMany: (max: number) => `最多关注 ${max} 个话题`,
  defaultsInvalid: '参数错误：watchPostedTopics、watchRepliedTopics 应为 true 或 false',
};

/** Reports (举报) and the console's queue (docs/moderation.md). */
export const TextsReports = {
  alreadyReported: '你已经举报过该内容，请等待管理员处理',
  missingTarget: '举报的内容不存在',
  cannotReportSelf: '不能举报自己',
  nothingOpen: '该内容没有待处理的举报',
  beingHandled: '另一位管理员正在处理该内容的举报，请稍后刷新',
  cannotDeleteUser: '不能删除用户，请选择禁言',
  reasons: { spam: '垃圾广告', abuse: '辱骂攻击', offTopic: '偏离主题', other: '其他' },
  /** The reason given to `muteUser` when a mute settles reports. */
  muteReason: '被多人举报',
};

const TextsMute = {
  /** The only refusal bbs-go words otherwise than 无权限. */
  muteForeverForbidden: '无永久禁言权限',
};

/** Password reset by mail (`PasswordResetMessages` in users.ts). */
export const TextsPasswordReset = {
  emailRequired: '请输入注册时使用的邮箱',
  /** The same answer whether or not an account has the address: nobody learns who is registered. */
  requested: (email: string) =>
    `如果 ${email} 是本站账号的邮箱，重置密码的邮件已发送，请在30分钟内完成重置。`,
  mailUnavailable: '本站暂未配置邮件发送，无法找回密码，请联系站长',
  tokenInvalid: '重置链接无效或已过期，请重新申请',
  done: '密码已重置，请使用新密码登录',
};

const TextsPosting = {
  observationPeriod: (seconds: number) => `账号尚在观察期，观察期时长：${seconds}秒，请稍后再试`,
};

/** The notices of the message centre (docs/legacy-api.md §4.18) and the mails that tell of them. */
const TextsMessages = {
  /** The sender shown for a notice from the site itself (fromId ≤ 0). */
  systemSender: '系统通知',
  replyToComment: '回复了你的评论',
  replyToTopic: '回复了你的话题',
  replyToArticle: '回复了你的文章',
  likedTopic: '点赞了你的话题',
  favoritedTopic: '收藏了你的话题',
  topicRecommended: '你的话题被设为推荐',
  topicDeleted: '你的话题被删除',
  articleDeleted: '你的文章被删除',
  commentDeleted: '你的评论被删除',
  /** A moderator's review of an article that waited for it (ours, type 9). */
  articleApproved: '你的文章已通过审核',
  articleRejected: '你的文章未通过审核',
  /** A topic the recipient watches has new comments (ours, type 12), from the first commenter of the burst. */
  topicWatched: '评论了你关注的话题',
  levelUp: (level: number, title: string) => `恭喜你升级到 Lv.${level}${title ? ` ${title}` : ''}`,
  /** A mute, with when it ends (a date and time, or 永久) and why. */
  muted: (until: string, reason: string) =>
    `你已被禁言${until === '' ? '（永久）' : `至 ${until}`}，期间不能发帖、评论${reason ? `。原因：${reason}` : ''}`,
  unmuted: '你的禁言已解除，可以正常发帖、评论了',
  /** A reporter's report handled (ours, type 10), by what was done. */
  reportHandled: {
    dismiss: '你的举报已处理：经审核，该内容未违反社区规则',
    delete: '你的举报已处理：该内容已被删除',
    mute: '你的举报已处理：该用户已被禁言',
  },
  /** A mention (ours, type 11): where, with the title quoted (a tweet has none). */
  mentioned: {
    topic: (title: string) => `在话题《${title}》中提到了你`,
    article: (title: string) => `在文章《${title}》中提到了你`,
    tweet: '在动态中提到了你',
    topicComment: (title: string) => `在话题《${title}》的评论中提到了你`,
    articleComment: (title: string) => `在文章《${title}》的评论中提到了你`,
    tweetComment: '在动态的评论中提到了你',
  },
  mailSubjects: {
    mention: '有人提到了你',
    topicComment: '收到话题评论',
    commentReply: '收到他人回复',
    topicLike: '收到点赞',
    topicFavorite: '话题被收藏',
    topicRecommend: '话题被设为推荐',
    articleComment: '收到文章评论',
    topicWatched: '关注的话题有新评论',
    other: '新消息提醒',
  },
};

const TextsTags = {
  missing: '标签不存在',
  nameTaken: (name: string) => `标签「${name}」已存在`,
};

export const TextsNodes = {
  missing: '节点不存在',
  nameTaken: (name: string) => `节点「${name}」已存在`,
  /** The node a fresh site is given, so the first topic can be posted. */
  defaultName: '默认节点',
  /** The pseudo-nodes in front of the real ones: 0 = newest, -1 = recommended, -2 = followed authors. */
  virtual: {
    newest: '最新',
    recommend: '推荐',
    feed: '关注',
  },
};

const TextsProjects = {
  missing: '项目不存在',
};

const TextsForbiddenWords = {
  missing: '违禁词不存在',
  taken: (word: string) => `违禁词「${word}」已存在`,
  contentHit: (word: string) => `内容包含违禁词：${word}`,
};

/** The Atom feeds' titles (/topic_atom.xml and /atom.xml). */
const TextsFeeds = {
  topicsTitle: (siteTitle: string) => `${siteTitle} - 话题`,
  articlesTitle: (siteTitle: string) => `${siteTitle} - 文章`,
};

/**
 * The mails the site sends. Plain text only: the code that builds a mail's HTML escapes these
 * like any other value.
 */
const TextsMail = {
  /** The e-mail verification mail (docs/legacy-api.md §4.11). */
  verification: {
    subject: (siteTitle: string) => `邮箱验证 - ${siteTitle}`,
    intro: (siteTitle: string) =>
      `该邮件用于验证你在 ${siteTitle} 中设置邮箱的正确性，请在24小时内完成验证。`,
    /** The plain-text mail's link, after the intro. */
    textLink: (url: string) => `验证链接：${url}`,
    linkLabel: '点击这里验证邮箱>>',
    /** Before the bare link, for mail clients that do not follow the button. */
    copyLink: '如果无法点击，请复制以下链接到浏览器中打开：',
  },
  /** The mail that tells a user of new notices (one per interval); `notice` is one notice's title. */
  messageNotice: {
    subject: (siteTitle: string, notice: string) => `${siteTitle} - ${notice}`,
    manyNotices: (count: number) => `你有 ${count} 条新消息`,
    details: '点击查看详情',
    allMessagesLink: '查看全部消息',
    /** The plain-text mail's last line. */
    allMessagesText: (url: string) => `全部消息：${url}`,
    unsubscribeHint: '不想再收到这类邮件？可在个人资料中关闭邮件通知。',
  },
  /** 忘记密码: the link that sets a new password. */
  passwordReset: {
    subject: (siteTitle: string) => `重置密码 - ${siteTitle}`,
    intro: (siteTitle: string) =>
      `有人（希望是你）申请重置你在 ${siteTitle} 的密码。请在30分钟内点击下面的链接设置新密码；如果不是你本人操作，请忽略这封邮件，你的密码不会改变。`,
    textLink: (url: string) => `重置链接：${url}`,
    linkLabel: '点击这里重置密码>>',
  },
  /** The owner's test mail from 系统设置. */
  test: {
    subject: (siteTitle: string) => `测试邮件 - ${siteTitle}`,
    body: (siteTitle: string, host: string, port: number) =>
      `这是 ${siteTitle} 的测试邮件：收到它说明邮件设置可用（服务器 ${host}:${port}）。`,
  },
};

const TextsLikes = {
  already: '已点赞',
};

const TextsCheckIn = {
  already: '你已签到',
};

const TextsSearch = {
  invalidQuery: '搜索参数错误',
};

/** What a points-ledger row (the user's score log) says the points were for. */
const TextsPoints = {
  topicPosted: '发表话题',
  commentPosted: '发表跟帖',
  /** `dayName` is the day as a number, e.g. 20240131. */
  checkIn: (dayName: number) => `签到${dayName}`,
  permanentMute: '永久禁言',
  /**
   * How our web app shows a stored check-in line (`checkIn` above stays what is stored and what
   * legacy clients read, as bbs-go wrote it).
   */
  checkInReadable: (month: number, day: number) => `每日签到 · ${month}月${day}日`,
};

/**
 * The operation log's descriptions (t_operate_log), read by admins in the console. A change
 * without one ('' in the code: topic, article and comment edits and deletes, an unmute) keeps
 * its empty description.
 */
const TextsAudit = {
  nodeCreated: (name: string) => `创建节点：${name}`,
  nodeUpdated: (name: string) => `修改节点：${name}`,
  nodesReordered: (ids: readonly number[]) => `调整节点顺序：${ids.join(',')}`,
  tagCreated: (name: string) => `创建标签：${name}`,
  tagUpdated: (name: string) => `修改标签：${name}`,
  projectCreated: (name: string) => `创建项目：${name}`,
  projectUpdated: (name: string) => `修改项目：${name}`,
  linkCreated: (title: string) => `创建友情链接：${title}`,
  linkUpdated: (title: string) => `修改友情链接：${title}`,
  linksReordered: (ids: readonly number[]) => `调整友情链接顺序：${ids.join(',')}`,
  forbiddenWordAdded: (word: string) => `添加违禁词：${word}`,
  forbiddenWordDeleted: (word: string) => `删除违禁词：${word}`,
  forbiddenWordUpdated: (word: string) => `修改违禁词：${word}`,
  commentRestored: '恢复评论',
  topicRestored: '恢复话题',
  articleRestored: '恢复文章',
  articleApproved: '审核通过',
  articleUpdatedByAdmin: '管理员修改文章',
  /** `names` are the tag names in the article's order; none is 无. */
  articleTagsUpdated: (names: readonly string[]) => `修改文章标签：${names.join('、') || '无'}`,
  /** Recommend and sticky, set (on) and unset (off). */
  topicFlags: {
    recommend: { on: '推荐', off: '取消推荐' },
    sticky: { on: '置顶', off: '取消置顶' },
  },
  /** A mute with a reason; one without has an empty description. */
  /** A mute's row in the operation log: bbs-go's 禁言原因：{reason}, and how long (ours). */
  muted: (days: number, reason: string) => {
    const duration = days === -1 ? '永久禁言' : `禁言 ${days} 天`;
    return reason ? `禁言原因：${reason}（${duration}）` : duration;
  },
  /** A moderator's decision on an item's open reports. */
  reportHandled: (action: 'dismiss' | 'delete' | 'mute', count: number) =>
    `处理举报（${count} 人举报）：${{ dismiss: '忽略', delete: '删除内容', mute: '禁言作者' }[action]}`,
  userCountsRecounted: '重新统计用户的话题数和评论数',
  userFields: userFieldNames,
  userUpdated: (fields: readonly (keyof typeof userFieldNames)[]) =>
    `修改用户：${fields.map((field) => userFieldNames[field]).join('、')}`,
  /** By the `source` of the user.created event. */
  userCreated: {
    'owner-bootstrap': '创建站长账号',
    signup: '用户注册',
    'third-party': '第三方账号登录注册',
    admin: '管理员创建用户',
  },
  configUpdated: (keys: readonly string[]) => `修改配置：${keys.join('、')}`,
  /** One changed setting with its value before and after. */
  configChanged: (key: string, from: string, to: string) => `修改配置 ${key}：${from} → ${to}`,
  /** A retry of one failed job (`jobId`) or of every failed job of a queue (`count` of them). */
  failedJobsRetried: (queue: string, jobId: string | undefined, count: number) =>
    jobId ? `重试失败任务：${queue} #${jobId}` : `重试失败任务：${queue}（${count} 个）`,
  favoriteAdded: '管理员添加收藏',
  /** An admin's edit of a favourite replaces the row; the log names the row it replaced. */
  favoriteReplaced: (oldId: number) => `管理员修改收藏（原记录 ${oldId}）`,
  thirdAccountAdded: '管理员添加第三方账号',
  thirdAccountUpdated: '管理员修改第三方账号',
};

/**
 * The admin console's refusals that bbs-go words in English: its exact wire texts, which the
 * legacy admin endpoints keep byte for byte.
 */
const TextsAdmin = {
  /** A row looked up by its primary key that does not exist (bbs-go's `"Not found, id=" + id`). */
  notFoundById: (id: number) => `Not found, id=${id}`,
  /** A row an update or a relation names that does not exist (bbs-go's `errors.New`). */
  entityNotFound: 'entity not found',
};

/** The labels of the queue dashboard (bull-board) that the admin console embeds. */
const TextsQueueDashboard = {
  title: '队列',
  backToConsole: '返回管理后台',
  /** Anything but a read sent to the dashboard. */
  readOnly: '队列面板只读：重试失败的任务请在管理后台的队列页操作',
  /** A retry of one job that is not (or no longer) in the failed set. */
  noSuchFailedJob: '任务不存在或不是失败的任务',
};

export const TextsHttp = {
  /** Legacy router: a path no endpoint answers. */
  unknownPath: '请求的接口不存在',
  crossSite: '请求来源不被允许',
  busy: '服务器繁忙，请稍后再试',
  /** A write that ran past the request timeout: it may still be stored, so nobody is told to retry. */
  outcomeUnknown: '处理超时，操作可能已经完成，请刷新后确认，不要重复提交',
  unavailable: '服务暂时不可用，请稍后再试',
  /** The 403 page of a signed-in reader who may not see a page (an admin page, a hidden item). */
  forbidden: '你没有权限访问此页面',
};

/**
 * Every user-facing text of the server, by feature. The browser imports the groups it shows
 * (`TextsHttp`, …) rather than this object, so the rest stays out of its bundles.
 */
export const Texts = /* @__PURE__ */ deepFreeze({
  common: TextsCommon,
  topics: TextsTopics,
  articles: TextsArticles,
  comments: TextsComments,
  edits: TextsEdits,
  users: TextsUsers,
  blocks: TextsBlocks,
  watches: TextsWatches,
  reports: TextsReports,
  mute: TextsMute,
  passwordReset: TextsPasswordReset,
  posting: TextsPosting,
  messages: TextsMessages,
  tags: TextsTags,
  nodes: TextsNodes,
  projects: TextsProjects,
  forbiddenWords: TextsForbiddenWords,
  feeds: TextsFeeds,
  mail: TextsMail,
  likes: TextsLikes,
  checkIn: TextsCheckIn,
  search: TextsSearch,
  points: TextsPoints,
  audit: TextsAudit,
  admin: TextsAdmin,
  queueDashboard: TextsQueueDashboard,
  http: TextsHttp,
});
