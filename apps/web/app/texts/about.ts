/** The about page. */
export const AboutTexts = {
  title: '关于',
  intro: '简介',
  whatToDo: '在这里可以做什么',
  activities: [
    '发表话题与动态，和同行讨论语音识别、语音合成、声学与语言模型。',
    '撰写文章，分享论文解读、实验记录与工程经验。',
    '关注感兴趣的研究者，收藏有价值的内容。',
  ],
  contact: '与我们联系',
  /** "对 {site} 有任何建议或问题，欢迎 {发话题反馈 link}。" */
  contactBefore: (siteTitle: string) => `对 ${siteTitle} 有任何建议或问题，欢迎`,
  contactLink: '发话题反馈',
  contactAfter: '。',
} as const;
