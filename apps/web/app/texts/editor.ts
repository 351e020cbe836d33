/** The editors: the topic, tweet and article forms, the Markdown and text editors, images and tags. */
export const EditorTexts = {
  /** The forms' titles, submit buttons and toasts. */
  forms: {
    createTopic: '发话题',
    editTopic: '修改话题',
    createTweet: '发动态',
    createArticle: '发文章',
    editArticle: '修改文章',
    submitTopic: '发表话题',
    submitTweet: '发表动态',
    submitArticle: '发表',
    submitChanges: '提交更改',
    created: '提交成功',
    updated: '修改成功',
    /** An article that waits for a moderator's review before readers see it. */
    createdPending: '提交成功，等待审核',
    updatedPending: '修改成功，等待审核',
    draftRestored: '已恢复上次未提交的草稿',
  },
  placeholders: {
    articleTitle: '标题',
    topicTitle: '请输入话题标题',
    topicContent: '请输入你要发表的内容...',
    topicContentOnEdit: '可空，将图片复制或拖入编辑器可上传',
    hiddenContent: '隐藏内容，评论后可见',
    /** The tweet form's and the text editor's. */
    text: '请输入您要发表的内容 ...',
    markdown: '请输入内容，将图片复制或拖入编辑器可上传',
  },
  nodeSelect: '节点',
  markdown: {
    toolbar: '编辑工具',
    edit: '编辑',
    preview: '预览',
    image: '图片',
    uploading: '图片上传中...',
    nothingToPreview: '没有可预览的内容',
    previewLoading: '预览加载中...',
    tools: {
      bold: '粗体',
      italic: '斜体',
      heading: '标题',
      link: '链接',
      code: '代码',
      quote: '引用',
      list: '列表',
    },
    /** What a tool inserts when nothing is selected. */
    samples: {
      bold: '粗体文字',
      italic: '斜体文字',
      heading: '标题',
      quote: '引用内容',
      list: '列表项',
      link: '链接文字',
      code: '代码',
    },
  },
  textEditor: {
    image: '图片',
    submit: '发布',
    cancel: '取消',
  },
  images: {
    add: '添加图片',
    remove: '删除图片',
    /** Submitting while an image is still on its way is refused with this. */
    stillUploading: '正在上传中...请上传完成后提交',
    tooMany: (max: number) => `图片最多上传${max}张`,
    /** An upload that failed without the API's words for it: the Markdown editor's, and the others'. */
    uploadFailed: '图片上传失败',
    uploadFailedRetry: '图片上传失败，请稍后再试',
  },
  /** The `@` list of members under a text box. */
  mentions: {
    label: '提及成员',
    loading: '查找中...',
    empty: '没有找到该成员',
    failed: '暂时无法查找成员',
  },
  tags: {
    remove: (tag: string) => `删除标签 ${tag}`,
    placeholder: (max: number, maxLength: number) =>
      `标签（请用逗号分隔每个标签，最多${max}个，每个最长${maxLength}字符）`,
    recommended: '推荐标签',
  },
} as const;
