/**
 * Hiding reported content pending review, through the statuses the content already has: a topic or
 * comment gets status 2 (out of every list, its page answers as if gone), an article goes back to
 * waiting for review (its author still finds it on their own page). A `report_holds` row remembers
 * what was hidden and how it was, so a dismissal shows again exactly what the reports hid.
 */
import { ArticleStatus, CommentStatus, TopicStatus } from '@forum/contracts';
import { setCommentStatus } from '../admin/rules';
import { changeArticle } from '../articles/change-article';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { projectReportHold } from '../read-model/reports';
import { changeTopic } from '../topics/change-topic';
import { ReportHold, reportItemKey } from './model';
import type { ReportTarget } from './targets';

/** The status each kind of content shows when hidden by reports, and when shown. */
const hiddenStatus = {
  topic: TopicStatus.ReportHidden,
  comment: CommentStatus.ReportHidden,
  article: ArticleStatus.Pending,
};
const shownStatus = { topic: TopicStatus.Ok, comment: CommentStatus.Ok, article: ArticleStatus.Ok };

async function setStatus(target: ReportTarget, from: number, to: number): Promise<boolean> {
  const filter = { _id: target.targetId, status: from };
  switch (target.targetType) {
    case 'topic':
      return (await changeTopic(filter, { $set: { status: to } }, [])).modifiedCount > 0;
    case 'article':
      return (await changeArticle(filter, { $set: { status: to } }, [])).modifiedCount > 0;
    case 'comment':
      return setCommentStatus(target.targetId, from, to, []);
    default:
      return false;
  }
}

/** Hides shown content (a member is never hidden); true when this call hid it. */
export async function holdForReview(target: ReportTarget): Promise<boolean> {
  if (target.targetType === 'user') return false;
  const shown = shownStatus[target.targetType];
  if (target.status !== shown) return false;
  const hold = {
    _id: reportItemKey(target.targetType, target.targetId),
    previousStatus: shown,
    createTime: Date.now(),
  };
  try {
    await ReportHold.create(hold);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  await projectReportHold(hold, true);
  return setStatus(target, shown, hiddenStatus[target.targetType]);
}

/** Shows again what the reports hid (nothing else); true when something was hidden. */
export async function releaseHold(target: ReportTarget): Promise<boolean> {
  if (target.targetType === 'user') return false;
  const id = reportItemKey(target.targetType, target.targetId);
  const hold = await ReportHold.findById(id).lean();
  if (!hold) return false;
  await setStatus(target, hiddenStatus[target.targetType], hold.previousStatus);
  await ReportHold.deleteOne({ _id: id });
  await projectReportHold({ ...hold, _id: id }, false);
  return true;
}
