import type { ArticleItem } from '@forum/contracts';
import { ContentTexts } from '~/texts/content';
import { isPending, isRejected } from './article-item';

const tones = {
  pending: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  rejected: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
};

/**
 * Where an article stands in review, for its author and the moderators: 审核中 (a warning colour,
 * not the green of something done) while it waits, 未通过审核 once a moderator rejected it.
 */
export function ReviewBadge({
  article,
  className = '',
}: {
  article: Pick<ArticleItem, 'status' | 'rejected'>;
  className?: string;
}) {
  const state = isRejected(article) ? 'rejected' : isPending(article) ? 'pending' : null;
  if (!state) return null;
  return (
    <span className={`shrink-0 rounded ${tones[state]} ${className}`} data-testid={`article-${state}`}>
      {state === 'pending' ? ContentTexts.pendingReview : ContentTexts.rejectedReview}
    </span>
  );
}
