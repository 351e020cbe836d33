import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { CommentItem, CursorPage } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { ImageGrid } from '~/features/content/ContentHtml';
import { LikeButton } from '~/features/content/LikeButton';
import { useSignInGate } from '~/features/content/use-sign-in-gate';
import { useViewer } from '~/features/users/viewer';
import { ReportButton } from '~/features/reports/ReportButton';
import { BlockedFold } from '~/features/blocks/BlockedFold';
import { ReportsTexts } from '~/texts/reports';
import { TextEditor } from '~/features/editor/TextEditor';
import { LevelBadge } from '~/features/users/LevelBadge';
import { loadMoreLabel } from '~/features/users/load-more';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { TimeAgo } from '~/components/TimeAgo';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { CommentsTexts } from '~/texts/comments';
import { CommonTexts } from '~/texts/common';
import { commentBodyClass } from './comment-html';
import {
  commentLikeInputs,
  commentPageOptions,
  mergeComments,
  shownCommentIds,
  withArrivedReplies,
} from './comment-pages';
import type { LiveComments } from './use-live-comments';
import { usePostComment } from './use-post-comment';
import { useCommentEdit } from './use-comment-edit';
import { EditedMark } from '~/features/edits/EditedMark';
import { LazyInlineEditor } from '~/features/edits/LazyInlineEditor';
import { useCanEdit } from '~/features/edits/use-edit-window';
import { EditsTexts } from '~/texts/edits';

/**
 * Comments of the first page the reader liked, when that page came with a shared render (which
 * says no comment is liked): asked with the reader (see features/users/viewer.tsx).
 */
const FilledInLikes = createContext<ReadonlySet<number>>(new Set());

const allLiked = (answers: { data?: number[] }[]) => answers.flatMap((answer) => answer.data ?? []);

function useFilledInLikes(firstPage: CursorPage<CommentItem> | undefined): ReadonlySet<number> {
  const trpc = useTRPC();
  const { user, filledIn } = useViewer();
  const liked = useQueries({
    queries:
      user && filledIn && firstPage
        ? commentLikeInputs(shownCommentIds(firstPage)).map((input) =>
            trpc.likes.likedAmong.queryOptions(input),
          )
        : [],
    combine: allLiked,
  });
  return useMemo(() => new Set(liked), [liked]);
}

/** The comments of a topic or article, 20 at a time, with load-more for older ones. */
export function CommentList({
  entityType,
  entityId,
  created,
  live,
}: {
  entityType: 'topic' | 'article';
  entityId: number;
  created: CommentItem[];
  live: LiveComments;
}) {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.comments.list.infiniteQueryOptions({ entityType, entityId }, commentPageOptions),
  );
  const filledInLikes = useFilledInLikes(query.data?.pages[0]);
  const newest = [...created, ...live.comments].sort((a, b) => b.id - a.id);
  const comments = mergeComments(newest, query.data?.pages ?? []);
  // A failed page ends the list, as in every load-more list of the site.
  const hasMore = !!query.hasNextPage && !query.isFetchNextPageError;
  return (
    <FilledInLikes.Provider value={filledInLikes}>
      <div className="mt-4">
        <ul className="divide-y divide-line" data-testid="comment-list">
          {comments.map((comment) => (
            <CommentView
              key={comment.id}
              comment={comment}
              arrivedReplies={live.replies.get(comment.id)}
              highlighted={live.arrived}
            />
          ))}
        </ul>
        {comments.length > 0 && (
          <div className="mt-4 flex justify-center">
            <button
              type="button"
              className="h-8 w-[150px] rounded-md border border-line text-sm text-muted hover:border-accent hover:text-accent disabled:hover:border-line disabled:hover:text-muted"
              disabled={!hasMore || query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? CommonTexts.loading : loadMoreLabel({ hasMore })}
            </button>
          </div>
        )}
      </div>
    </FilledInLikes.Provider>
  );
}

function CommentView({
  comment,
  arrivedReplies = [],
  highlighted,
}: {
  comment: CommentItem;
  /** Replies posted by others since the page opened. */
  arrivedReplies?: CommentItem[];
  highlighted: ReadonlySet<number>;
}) {
  const [loaded, setReplies] = useState<CursorPage<CommentItem>>(
    comment.replies ?? { results: [], cursor: '', hasMore: false },
  );
  const replies = withArrivedReplies(loaded, arrivedReplies);
  const appendReply = (reply: CommentItem) =>
    setReplies((old) => ({ ...old, results: [...old.results, reply] }));
  const edit = useCommentEdit(comment);
  return (
    <li
      className={`flex gap-3 py-4 ${highlighted.has(comment.id) ? 'animate-highlight' : ''}`}
      data-testid="comment"
      data-comment-id={comment.id}
      data-live={highlighted.has(comment.id) || undefined}
    >
      <Avatar user={comment.user} size={40} />
      <div className="min-w-0 flex-1">
        <CommentHeader comment={edit.current} />
        {edit.editing ? (
          <LazyInlineEditor kind="comment" id={comment.id} onSaved={edit.saved} onCancel={edit.stop} />
        ) : (
          <BlockedFold userId={comment.user.id}>
            <CommentBody comment={edit.current} />
          </BlockedFold>
        )}
        <CommentActions
          comment={edit.current}
          verb="comment"
          parentId={comment.id}
          onPosted={appendReply}
          onEdit={edit.editing ? undefined : edit.start}
        />
        {replies.results.length > 0 && (
          <SubCommentList
            parentId={comment.id}
            replies={replies}
            highlighted={highlighted}
            setReplies={setReplies}
            onPosted={appendReply}
          />
        )}
      </div>
    </li>
  );
}

function CommentHeader({ comment }: { comment: CommentItem }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 text-sm">
      <Link to={`/user/${comment.user.id}`} className="font-medium text-body hover:text-accent">
        {comment.user.nickname}
      </Link>
      <LevelBadge user={comment.user} />
      {comment.quote && (
        <>
          <span className="text-faint">{CommentsTexts.replyTo}</span>
          <Link to={`/user/${comment.quote.user.id}`} className="font-medium text-body hover:text-accent">
            {comment.quote.user.nickname}
          </Link>
        </>
      )}
      <TimeAgo className="text-xs text-faint" time={comment.createTime} />
      <EditedMark kind="comment" id={comment.id} editTime={comment.editTime} />
    </div>
  );
}

/** A comment is escaped plain text with its line breaks, or rendered Markdown (see comment-html). */
function CommentBody({ comment }: { comment: CommentItem }) {
  return (
    <>
      <div
        className={`mt-1.5 text-sm leading-6 text-body ${commentBodyClass(comment.content)}`}
        data-testid="comment-content"
        dangerouslySetInnerHTML={{ __html: comment.content }}
      />
      <ImageGrid images={comment.imageList} size="small" />
    </>
  );
}

/**
 * Under a comment or reply: its like, `verb` (comment or reply) to open a reply box, which posts
 * under `parentId` (quoting `quoteId`) and closes, and 编辑 while the reader may edit it (`onEdit`
 * opens the editor; absent while it is open).
 */
function CommentActions({
  comment,
  verb,
  parentId,
  quoteId,
  onPosted,
  onEdit,
}: {
  comment: CommentItem;
  verb: keyof typeof CommentsTexts.verbs;
  parentId: number;
  quoteId?: number;
  onPosted: (reply: CommentItem) => void;
  onEdit?: () => void;
}) {
  const filledIn = useContext(FilledInLikes).has(comment.id);
  const canEdit = useCanEdit({ userId: comment.user.id, createTime: comment.createTime });
  const [replying, setReplying] = useState(false);
  const toggleReplying = useSignInGate(() => setReplying((value) => !value));
  const viewer = useViewer().user;
  return (
    <>
      <div className="mt-2 flex items-center gap-4 text-xs text-faint">
        <LikeButton
          variant="comment"
          entityType="comment"
          entityId={comment.id}
          liked={comment.liked || filledIn}
          likeCount={comment.likeCount}
        />
        <button type="button" className="hover:text-accent" onClick={toggleReplying}>
          {replying ? CommentsTexts.cancel(CommentsTexts.verbs[verb]) : CommentsTexts.verbs[verb]}
        </button>
        {canEdit && onEdit && (
          <button type="button" className="hover:text-accent" data-testid="edit-comment" onClick={onEdit}>
            {EditsTexts.edit}
          </button>
        )}
        {viewer?.id !== comment.user.id && (
          <ReportButton
            variant="comment"
            targetType="comment"
            targetId={comment.id}
            what={ReportsTexts.targets.comment}
          />
        )}
      </div>
      {replying && (
        <ReplyBox
          parentId={parentId}
          quoteId={quoteId}
          onPosted={(reply) => {
            onPosted(reply);
            setReplying(false);
          }}
        />
      )}
    </>
  );
}

function ReplyBox({
  parentId,
  quoteId,
  onPosted,
}: {
  parentId: number;
  quoteId?: number;
  onPosted: (reply: CommentItem) => void;
}) {
  const post = usePostComment({ entityType: 'comment', entityId: parentId, quoteId }, onPosted);
  return (
    <div className="mt-3">
      <TextEditor
        ref={post.editor}
        height={100}
        autoFocus
        onSubmit={post.submit}
        errors={post.errors}
        submitting={post.submitting}
      />
    </div>
  );
}

/** Replies under a comment: the first three came with it, "more replies" loads ten more at a time. */
function SubCommentList({
  parentId,
  replies,
  highlighted,
  setReplies,
  onPosted,
}: {
  parentId: number;
  replies: CursorPage<CommentItem>;
  highlighted: ReadonlySet<number>;
  setReplies: (update: (old: CursorPage<CommentItem>) => CursorPage<CommentItem>) => void;
  onPosted: (reply: CommentItem) => void;
}) {
  const client = useTRPCClient();
  const [loading, setLoading] = useState(false);
  const loadMore = async () => {
    setLoading(true);
    try {
      const page = await client.comments.replies.query({
        commentId: parentId,
        cursor: replies.cursor || undefined,
      });
      setReplies((old) => {
        const known = new Set(old.results.map((reply) => reply.id));
        return {
          results: [...old.results, ...page.results.filter((reply) => !known.has(reply.id))],
          cursor: page.cursor,
          hasMore: page.hasMore,
        };
      });
    } catch (error) {
      toast.error(errorMessage(error));
      setReplies((old) => ({ ...old, hasMore: false }));
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="mt-3 rounded-md bg-input px-3" data-testid="replies">
      <ul className="divide-y divide-line">
        {replies.results.map((reply) => (
          <ReplyView
            key={reply.id}
            parentId={parentId}
            reply={reply}
            onPosted={onPosted}
            highlighted={highlighted.has(reply.id)}
          />
        ))}
      </ul>
      {replies.hasMore && (
        <button
          type="button"
          className="pb-3 text-xs text-link hover:underline disabled:opacity-60"
          disabled={loading}
          onClick={() => void loadMore()}
        >
          {CommentsTexts.moreReplies}
        </button>
      )}
    </div>
  );
}

function ReplyView({
  parentId,
  reply,
  onPosted,
  highlighted,
}: {
  parentId: number;
  reply: CommentItem;
  onPosted: (reply: CommentItem) => void;
  highlighted: boolean;
}) {
  const edit = useCommentEdit(reply);
  return (
    <li
      className={`flex gap-2.5 py-3 ${highlighted ? 'animate-highlight' : ''}`}
      data-testid="reply"
      data-comment-id={reply.id}
      data-live={highlighted || undefined}
    >
      <Avatar user={reply.user} size={30} />
      <div className="min-w-0 flex-1">
        <CommentHeader comment={edit.current} />
        {edit.editing ? (
          <LazyInlineEditor kind="comment" id={reply.id} onSaved={edit.saved} onCancel={edit.stop} />
        ) : (
          <BlockedFold userId={reply.user.id}>
            <CommentBody comment={edit.current} />
          </BlockedFold>
        )}
        {reply.quote && (
          <blockquote
            className="mt-2 rounded border-l-4 border-line bg-card px-3 py-2 text-xs text-muted"
            data-testid="reply-quote"
          >
            <span className="font-medium">{CommentsTexts.quoteAuthor(reply.quote.user.nickname)}</span>
            <div
              className={commentBodyClass(reply.quote.content)}
              dangerouslySetInnerHTML={{ __html: reply.quote.content }}
            />
            <ImageGrid images={reply.quote.imageList} size="small" />
          </blockquote>
        )}
        <CommentActions
          comment={edit.current}
          verb="reply"
          parentId={parentId}
          quoteId={reply.id}
          onPosted={onPosted}
          onEdit={edit.editing ? undefined : edit.start}
        />
      </div>
    </li>
  );
}
