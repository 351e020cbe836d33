import { REPORT_TEXT_MAX_LENGTH, TextsReports } from '@forum/contracts';

/** Reports (举报): the button and dialog members use (features/reports/). */
export const ReportsTexts = {
  button: '举报',
  title: '举报',
  /** What is reported, by target type (a topic of type 1 is a tweet). */
  targets: { topic: '话题', tweet: '动态', comment: '评论', article: '文章', user: '用户' },
  prompt: (what: string) => `举报这条${what}的原因`,
  promptUser: '举报该用户的原因',
  reasons: TextsReports.reasons,
  textLabel: '补充说明',
  textPlaceholder: (required: boolean) =>
    required
      ? `请说明举报原因（必填，最多 ${REPORT_TEXT_MAX_LENGTH} 字）`
      : `选填，最多 ${REPORT_TEXT_MAX_LENGTH} 字`,
  submit: '提交举报',
  cancel: '取消',
  submitted: '举报已提交，感谢你的反馈',
  submittedHidden: '举报已提交，该内容已被隐藏，等待管理员审核',
  failed: (message: string) => `举报失败：${message}`,
};
