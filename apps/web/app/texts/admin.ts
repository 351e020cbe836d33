/**
 * The admin console's texts (routes/admin*.tsx and features/admin/), grouped by screen. Texts the
 * contracts already hold (`Texts`, `ErrorMessages`, `MUTE_REASONS`, …) are not repeated here; a
 * text that states a limit takes the contract's constant as a value.
 */
export const AdminTexts = {
  /** The console's frame: its page title, the navigation's name and heading. */
  layout: {
    title: '管理后台',
  },

  /** The side navigation, one label per screen, in its order. */
  nav: {
    dashboard: '工作台',
    users: '用户',
    topics: '话题',
    articles: '文章',
    comments: '评论',
    nodes: '节点',
    tags: '标签',
    links: '友情链接',
    projects: '项目',
    forbiddenWords: '违禁词',
    settings: '系统设置',
    operateLogs: '操作日志',
    queues: '队列',
    reports: '举报',
  },

  /** The pieces every screen is made of (features/admin/kit.tsx). */
  kit: {
    /** The empty option of a filter select. */
    all: '全部',
    search: '查询',
    reset: '重置',
    total: (total: number) => `共 ${total} 条`,
    /** After the total when only the newest records were searched. */
    windowed: '（只查找了最近的记录，更早的请按编号查询）',
    previousPage: '上一页',
    nextPage: '下一页',
    loading: '加载中…',
    loadFailed: '加载失败',
    cancel: '取消',
    /** A settings form saved. */
    submitted: '提交成功',
  },

  /** Words several screens share: column and filter labels, states, actions and their toasts. */
  common: {
    id: '编号',
    userId: '用户编号',
    title: '标题',
    name: '名称',
    description: '描述',
    status: '状态',
    sortNo: '排序',
    createTime: '创建时间',
    actions: '操作',
    time: '时间',
    logo: 'Logo',
    /** An empty cell. */
    none: '—',
    enabled: '启用',
    disabled: '禁用',
    normal: '正常',
    deleted: '已删除',
    /** Hidden because enough members reported it; decided in the 举报 queue. */
    reportHidden: '被举报隐藏',
    toReports: '去举报队列处理',
    pending: '待审核',
    create: '新增',
    edit: '编辑',
    save: '保存',
    delete: '删除',
    restore: '恢复',
    moveUp: '上移',
    moveDown: '下移',
    saved: '保存成功',
    added: '添加成功',
    deletedDone: '删除成功',
    restoredDone: '恢复成功',
    imageUrlHint: '图片地址，可留空',
    sortHint: '数字小的排在前面',
  },

  /** The screen of one kind of site data (features/admin/CrudScreen.tsx); `noun` names a row. */
  crud: {
    ownerOnly: '仅站长可修改',
    orderSaved: '排序已保存',
    enabledDone: '已启用',
    disabledDone: '已禁用',
    noMatch: (noun: string) => `没有符合条件的${noun}`,
    empty: (noun: string) => `还没有${noun}`,
    editTitle: (noun: string) => `编辑${noun}`,
    createTitle: (noun: string) => `新增${noun}`,
    /** `action` is 启用 or 禁用. */
    confirmToggle: (action: string, noun: string) => `确定${action}该${noun}吗？`,
  },

  dashboard: {
    title: '工作台',
    todayNew: (today: number) => `今日新增 ${today}`,
    mailNotConfigured: '邮件发送未配置：验证邮件和消息提醒邮件都无法发出。',
    mailSettingsLink: '去 系统设置 → 邮件 配置',
    askOwner: '请联系站长配置。',
    metrics: {
      users: '用户',
      topics: '话题',
      articles: '文章',
      comments: '评论',
    },
    pendingArticles: (total: number) => `待审核文章（${total}）`,
    handle: '去处理',
    noPendingArticles: '暂无待审核文章',
    queues: '队列',
    view: '查看',
    failedJobs: (queues: readonly { queue: string; failed: number }[]) =>
      `有失败的任务：${queues.map((queue) => `${queue.queue} ${queue.failed}`).join('，')}`,
    newestTopics: '最新话题',
    noTopics: '暂无话题',
    untitled: '（无标题）',
    newestUsers: '最新用户',
  },

  /** The job-queue tables (the dashboard's and the queue screen's). */
  queues: {
    title: '队列',
    columns: {
      queue: '队列',
      waiting: '等待',
      active: '执行中',
      delayed: '延迟',
      failed: '失败',
      completed: '已完成',
    },
    openDashboard: '打开队列面板',
    viewFailed: '查看失败任务',
    retryFailed: '重试失败任务',
    confirmRetry: (queue: string, failed: number) => `是否确认重试 ${queue} 的 ${failed} 个失败任务?`,
    retried: '已重新加入队列',
    note: '队列面板只读，可以查看每个任务的数据和错误；失败的任务在这里重试，并记入操作日志。',
  },

  users: {
    title: '用户',
    createUser: '新建用户',
    username: '用户名',
    nickname: '昵称',
    email: '邮箱',
    password: '密码',
    muted: '禁言',
    yes: '是',
    no: '否',
    noMatch: '没有符合条件的用户',
    roles: { owner: '站长', admin: '管理员' },
    disabledBadge: '已禁用',
    noEmail: '无邮箱',
    /** The line under a user's name: their e-mail (or 无邮箱), points and sign-up time. */
    summary: (email: string, score: number, createTime: string) =>
      `${email} · 积分 ${score} · 注册于 ${createTime}`,
    unmute: '取消禁言',
    confirmUnmute: '确认取消该用户的禁言？',
    unmuted: '取消禁言成功',
    mute: '禁言',
    mutedDone: '禁言成功',
    scoreLog: '积分记录',
    muteState: {
      forever: '永久禁言',
      until: (time: string) => `禁言至：${time}`,
    },
    muteDays: (days: number) => (days === -1 ? '永久' : `${days}天`),
    edit: {
      title: (nickname: string) => `编辑用户：${nickname}`,
      newPassword: '新密码',
      keepBlank: '留空则不修改',
      roles: '角色',
    },
    create: {
      title: '新建用户',
      username: '用户名（可不填）',
      submit: '创建',
      created: '创建成功',
    },
    muteDialog: {
      title: (nickname: string) => `禁言：${nickname}`,
      days: '禁言时间',
      reason: '禁言原因',
      otherReason: '其他原因',
      reasonPlaceholder: '请输入禁言原因',
    },
    scores: {
      title: (nickname: string) => `积分记录：${nickname}`,
      empty: '暂无积分记录',
      score: '积分',
      source: '来源',
    },
  },

  topics: {
    title: '话题',
    node: '节点',
    recommend: '推荐',
    recommended: '已推荐',
    notRecommended: '未推荐',
    noMatch: '没有符合条件的话题',
    postedAt: (time: string) => `发布于 ${time}`,
    counts: (views: number, comments: number, likes: number) =>
      `查看 ${views} · 评论 ${comments} · 点赞 ${likes}`,
    sticky: '置顶',
    tweet: '动态',
    /** The title shown for a tweet, which has none. */
    tweetTitle: '（动态）',
    confirmDelete: '是否确认删除该话题?',
    confirmRestore: '是否确认恢复该话题?',
    unrecommended: '已取消推荐',
    recommendedDone: '推荐成功',
    unrecommend: '取消推荐',
    unstuck: '已取消置顶',
    stuckDone: '置顶成功',
    unstick: '取消置顶',
  },

  articles: {
    title: '文章',
    noMatch: '没有符合条件的文章',
    approve: '审核通过',
    confirmApprove: '确认要过审文章？',
    approved: '审核成功',
    /** Deleting an article that waits for review rejects it: its author is told and still sees it. */
    reject: '审核不通过',
    confirmReject: '确认该文章审核不通过？作者会收到通知。',
    rejected: '已拒绝',
    confirmRestore: '确认要恢复文章？',
    confirmDelete: '确认要删除文章？',
  },

  comments: {
    title: '评论',
    entityType: '评论对象',
    entityId: '对象编号',
    entityNames: { topic: '话题', article: '文章', comment: '评论' },
    /** What a comment is on: 话题：12. */
    target: (entity: string, id: number) => `${entity}：${id}`,
    noMatch: '没有符合条件的评论',
    confirmDelete: '确认要删除该评论？',
    confirmRestore: '确认要恢复该评论？',
  },

  nodes: {
    meta: '节点管理',
    title: '节点',
    noun: '节点',
    icon: '图标',
    iconHint: '图片地址',
  },

  tags: {
    meta: '标签管理',
    title: '标签',
    noun: '标签',
  },

  links: {
    meta: '友情链接管理',
    title: '友情链接',
    noun: '友情链接',
    url: '链接',
    readFailed: '未能读取该网页',
    detected: '采集成功',
    detecting: '采集中…',
    detect: '采集标题和描述',
    confirmDetect: '确定采集吗，采集之后将覆盖现有内容?',
  },

  projects: {
    meta: '项目管理',
    title: '项目',
    noun: '项目',
    homepage: '主页',
    url: '项目主页',
    docUrl: '文档地址',
    downloadUrl: '下载地址',
    content: '介绍',
    contentHint: '支持 Markdown',
    sortHint: '数字小的排在前面，相同的新项目在前',
  },

  forbiddenWords: {
    meta: '违禁词管理',
    title: '违禁词',
    kinds: { word: '词条', regex: '正则' },
    kind: '类型',
    keyword: '词条或备注',
    noMatch: '没有符合条件的违禁词',
    empty: '还没有违禁词',
    word: '词条',
    note: '备注',
    editTitle: '编辑违禁词',
    createTitle: '新增违禁词',
    regex: '正则表达式',
    regexHint: '不区分大小写，例如 v[x]?信\\d+',
    wordHint: '不区分大小写，包含即命中',
    confirmDelete: (word: string) => `确定删除违禁词「${word}」吗？`,
    tester: {
      title: '测试文本',
      label: '测试',
      sample: '示例文本',
      placeholder: '输入一段示例文本，看看会命中哪些违禁词',
      run: '测试',
      noHit: '未命中任何违禁词',
      /** One match: whether it is the rule being edited, its kind, the rule, then what it matched. */
      hit: (draft: boolean, kind: string, word: string) =>
        `命中${draft ? '（当前编辑）' : ''}${kind}「${word}」：`,
    },
  },

  /** 举报: the queue of reported items (routes/admin.reports.tsx). */
  reports: {
    title: '举报',
    empty: '暂无待处理的举报',
    count: (count: number) => `${count} 人举报`,
    reasonCount: (reason: string, count: number) => `${reason} ×${count}`,
    hidden: '已隐藏，待审核',
    gone: '内容已删除',
    author: '作者：',
    member: '被举报用户：',
    reporters: '举报人',
    open: '查看',
    dismiss: '忽略',
    delete: '删除内容',
    mute: '禁言作者',
    muteMember: '禁言用户',
    muteDays: '禁言时长',
    confirmDismiss: '确认忽略这些举报？被隐藏的内容将恢复显示。',
    confirmDelete: '确认删除该内容？作者会收到通知。',
    confirmMute: (days: string) => `确认禁言该用户（${days}）？`,
    dismissed: '已忽略',
    deleted: '已删除',
    muted: '已禁言',
  },

  operateLogs: {
    title: '操作日志',
    opTypes: {
      create: '添加',
      update: '修改',
      delete: '删除',
      forbidden: '禁言',
      removeForbidden: '取消禁言',
    },
    dataTypes: {
      user: '用户',
      topic: '话题',
      article: '文章',
      comment: '评论',
      sys_config: '系统设置',
      queue: '队列',
    },
    operatorId: '操作人编号',
    opType: '操作',
    dataType: '对象类型',
    dataId: '对象编号',
    empty: '暂无操作日志',
    operator: '操作人',
    target: '对象',
    ip: 'IP',
  },
} as const;
