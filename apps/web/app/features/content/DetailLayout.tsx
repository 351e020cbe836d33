import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TagItem } from '@forum/contracts';
import { EyeIcon } from '~/components/icons';
import { TimeAgo } from '~/components/TimeAgo';
import { ReportButton } from '~/features/reports/ReportButton';
import { useViewer } from '~/features/users/viewer';
import { ContentTexts } from '~/texts/content';
import { ReportsTexts } from '~/texts/reports';
import { FavoriteButton } from './EntityActions';
import { LikeButton } from './LikeButton';

/** A detail page: the content column and, on wide screens, the author beside it. */
export function DetailLayout({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
      <div className="min-w-0 flex-1">{children}</div>
      <aside className="hidden w-[320px] shrink-0 space-y-3 lg:block">{aside}</aside>
    </div>
  );
}

/** When a topic or article was posted, as every page shows a moment (`TimeAgo`). */
export function PostTime({ time }: { time: number }) {
  return <TimeAgo time={time} />;
}

export function TagChips({ tags, href }: { tags: TagItem[]; href: (tag: TagItem) => string }) {
  return tags.map((tag) => (
    <Link
      key={tag.id}
      to={href(tag)}
      className="rounded-full bg-hover px-2.5 py-0.5 text-xs text-muted hover:text-accent"
      data-testid="tag-chip"
    >
      #{tag.name}
    </Link>
  ));
}

/**
 * The foot of a topic or article: like (telling `onCountChange` the reader's new count) and
 * favourite, what the page adds (`actions`: a topic's 关注此话题), report (not on one's own), and
 * the view count; `top` is its margin above.
 */
export function DetailFooter({
  entityType,
  entity: { id: entityId, likeCount, viewCount, type, user },
  liked,
  onCountChange,
  top,
  viewTestId,
  actions,
}: {
  entityType: 'topic' | 'article';
  entity: { id: number; likeCount: number; viewCount: number; type?: number; user: { id: number } };
  liked: boolean;
  onCountChange?: (likeCount: number) => void;
  top: 'mt-4' | 'mt-6';
  viewTestId?: string;
  actions?: ReactNode;
}) {
  const viewer = useViewer().user;
  return (
    <footer className={`${top} flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4`}>
      <div className="flex flex-wrap items-center gap-3">
        <LikeButton
          variant="pill"
          entityType={entityType}
          entityId={entityId}
          liked={liked}
          likeCount={likeCount}
          onCountChange={onCountChange}
        />
        <FavoriteButton entityType={entityType} entityId={entityId} />
        {actions}
        {viewer?.id !== user.id && (
          <ReportButton
            variant="pill"
            targetType={entityType}
            targetId={entityId}
            what={ReportsTexts.targets[entityType === 'topic' && type === 1 ? 'tweet' : entityType]}
          />
        )}
      </div>
      <span className="inline-flex items-center gap-1 text-xs text-faint" data-testid={viewTestId}>
        <EyeIcon size={14} />
        {ContentTexts.views(viewCount)}
      </span>
    </footer>
  );
}
