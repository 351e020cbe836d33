/**
 * The texts of the console's 系统设置 screen (routes/admin.settings.tsx, the mail tab in
 * features/admin/MailSettingsForm.tsx, the form's checks in features/admin/settings-form.ts). The
 * rest of the console's texts are in admin.ts.
 */
export const AdminSettingsTexts = {
  title: '系统设置',
  tabs: {
    general: '通用',
    navs: '导航',
    scores: '积分',
    antiSpam: '反作弊',
    login: '登录方式',
    levels: '等级',
    modules: '功能模块',
    mail: '邮件',
  },
  save: '保存配置',

  general: {
    siteTitle: '网站名称',
    siteDescription: '网站描述',
    siteKeywords: '网站关键字',
    siteNotification: '网站公告',
    siteNotificationHint: '支持输入HTML',
    recommendTags: '推荐标签',
    defaultNode: '默认节点',
    defaultNodeHint: '发话题时未选节点则发到这里',
    noDefaultNode: '不设置',
    /** After a disabled node's name. */
    nodeDisabled: '（已禁用）',
    timeZone: '时区',
    timeZoneHint: '签到按这个时区的日期计算，如 Asia/Shanghai',
    tokenExpireDays: '登录有效期（天）',
    urlRedirect: '站外链接跳转页面',
    urlRedirectHint: '在跳转前需手动确认是否前往该站外链接',
    enableHideContent: '启用评论可见内容',
    enableHideContentHint: '发话题时支持设置评论后可见内容',
  },

  /** A list typed as text (keywords, tags, the e-mail whitelist). */
  listHint: '逗号或换行分隔',

  scores: {
    postTopicScore: '发话题积分',
    postCommentScore: '跟帖积分',
    checkInScore: '签到积分',
  },

  antiSpam: {
    topicCaptcha: '发话题验证码',
    createTopicEmailVerified: '邮箱验证后发话题',
    createArticleEmailVerified: '邮箱验证后发表文章',
    createCommentEmailVerified: '邮箱验证后评论',
    articlePending: '发表文章审核',
    userObserveSeconds: '用户观察期（秒）',
    userObserveSecondsHint: '观察期内用户无法发表话题、动态等内容，设置为 0 表示无观察期。',
    contentEditMinutes: '评论和动态可编辑时间（分钟）',
    contentEditMinutesHint:
      '发布后在这段时间内作者可以修改自己的评论和动态，设置为 0 表示不能修改；管理员不受限制。',
    reportHideThreshold: '举报隐藏人数',
    reportHideThresholdHint:
      '被这么多位用户举报的内容自动隐藏，等待管理员在「举报」中处理；设置为 0 表示不自动隐藏。',
    emailWhitelist: '注册邮箱白名单',
    emailWhitelistHint: '邮箱域名，逗号或换行分隔；留空表示不限',
  },

  loginMethods: {
    password: '密码登录',
    qq: 'QQ登录',
    github: 'Github登录',
    osc: 'OSChina登录',
  },

  modules: {
    names: { tweet: '动态', topic: '话题', article: '文章' },
    hint: '关闭后不能再发表，相关页面显示为不存在',
  },

  navs: {
    empty: '还没有导航，点击下方按钮添加导航',
    dragHandle: '拖动排序',
    titleLabel: (position: number) => `导航${position}标题`,
    urlLabel: (position: number) => `导航${position}链接`,
    titlePlaceholder: '标题',
    urlPlaceholder: '链接',
    add: '+ 添加导航',
  },

  /** The move and remove buttons of a navigation or level row. */
  row: {
    moveUp: '上移',
    moveDown: '下移',
    remove: '删除',
  },

  levels: {
    rule: '等级从 1 开始连续编号，每一级所需积分必须大于上一级。',
    titleLabel: (level: number) => `第${level}级称号`,
    scoreLabel: (level: number) => `第${level}级所需积分`,
    add: '+ 添加等级',
  },

  /** The first problem of a configuration, checked before saving; limits are the contract's. */
  problems: {
    siteTitleTooLong: (max: number) => `网站名称不能超过${max}个字`,
    siteDescriptionTooLong: (max: number) => `网站描述不能超过${max}个字`,
    navTitleRequired: (position: number) => `导航第${position}项的标题不能为空`,
    navTitleTooLong: (position: number, max: number) => `导航第${position}项的标题不能超过${max}个字`,
    navUrlRequired: (position: number) => `导航第${position}项的链接不能为空`,
    scoreNotInteger: '积分必须是整数',
    observeSecondsInvalid: '用户观察期必须是不小于0的整数',
    contentEditMinutesOutOfRange: (max: number) => `评论和动态可编辑时间应在0到${max}分钟之间`,
    reportHideThresholdInvalid: '举报隐藏人数必须是不小于0的整数',
    tokenExpireDaysOutOfRange: (min: number, max: number) => `登录有效期必须是${min}到${max}天`,
    timeZoneInvalid: '时区无效，请填写如 Asia/Shanghai 的时区名称',
    levelsRequired: '至少需要一个等级',
    levelTitleRequired: (level: number) => `第${level}级的称号不能为空`,
    levelTitleTooLong: (level: number, max: number) => `第${level}级的称号不能超过${max}个字`,
    levelScoreNotInteger: (level: number) => `第${level}级的所需积分必须是整数`,
    levelScoreNotAbove: (level: number) => `第${level}级的所需积分必须大于第${level - 1}级`,
  },

  /** The mail tab: the SMTP server and a test mail. */
  mail: {
    save: '保存邮件设置',
    intro: '服务器留空时使用部署环境中的 SMTP 设置（SMTP_HOST 等）。保存后，新的邮件都经这里的服务器发出。',
    host: 'SMTP 服务器',
    hostHint: '例如 smtp.example.com',
    port: '端口',
    portHint: '465 一般为 SSL/TLS，587 一般为 STARTTLS',
    secure: '使用 SSL/TLS 连接',
    user: '用户名',
    userHint: '留空则不登录（同时清除已保存的密码）',
    password: '密码',
    passwordSetHint: '已保存密码，留空则不修改',
    passwordUnsetHint: '尚未保存密码',
    from: '发件人',
    fromHint: '例如 语音社区 <noreply@example.com>',
    test: '发送测试邮件',
    testHint: '用当前生效的设置（已保存的，或部署环境的）发一封邮件',
    testTo: '收件邮箱',
    sending: '发送中…',
    testSent: '测试邮件已发送',
  },
} as const;
