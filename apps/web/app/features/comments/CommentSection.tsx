import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CommentItem } from '@forum/contracts';
import { Card } from '~/components/Card';
import { TextEditor } from '~/features/editor/TextEditor';
import { useViewer } from '~/features/users/viewer';
import { signInUrl } from '~/lib/ref';
import { useTRPC } from '~/lib/trpc';
import { CommentsTexts } from '~/texts/comments';
import { commentPageOptions } from './comment-pages';
import { CommentList } from './CommentList';
import { useLiveComments } from './use-live-comments';
import { usePostComment } from './use-post-comment';

/** The comment count, the comment box (or the way to sign in), and the comments, newest first. */
export function CommentSection({
  entityType,
  entityId,
  commentCount,
}: {
  entityType: 'topic' | 'article';
  entityId: number;
  commentCount: number;
}) {
  const { user, pending } = useViewer();
  const location = useLocation();
  const trpc = useTRPC();
  const [created, setCreated] = useState<CommentItem[]>([]);
  const firstPage = useInfiniteQuery(
    trpc.comments.list.infiniteQueryOptions({ entityType, entityId }, commentPageOptions),
  ).data?.pages[0];
  const live = useLiveComments(entityType, entityId, firstPage);
  const added = new Set([...created, ...live.comments].map((comment) => comment.id));
  const count = commentCount + added.size;
  const posted = (comment: CommentItem) => setCreated((old) => [comment, ...old]);
  return (
    <Card title={count > 0 ? CommentsTexts.titleWithCount(count) : CommentsTexts.title} className="mt-3">
      <div className="px-4 py-4" data-testid="comments">
        {/* A reader not yet known is most likely signed in: the box stays if they are. */}
        {user || pending ? (
          <CommentInput entityType={entityType} entityId={entityId} onPosted={posted} />
        ) : (
          <p className="rounded-md border border-line bg-input px-4 py-6 text-center text-sm text-muted">
            {CommentsTexts.signInBefore}{' '}
            <Link to={signInUrl(location.pathname + location.search)} className="text-link underline">
              {CommentsTexts.signInLink}
            </Link>{' '}
            {CommentsTexts.signInAfter}
          </p>
        )}
        <CommentList entityType={entityType} entityId={entityId} created={created} live={live} />
      </div>
    </Card>
  );
}

function CommentInput({
  entityType,
  entityId,
  onPosted,
}: {
  entityType: 'topic' | 'article';
  entityId: number;
  onPosted: (comment: CommentItem) => void;
}) {
  const post = usePostComment({ entityType, entityId }, onPosted);
  return (
    <TextEditor ref={post.editor} onSubmit={post.submit} errors={post.errors} submitting={post.submitting} />
  );
}
