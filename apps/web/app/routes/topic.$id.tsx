import { HydrationBoundary, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { TopicType, TextsTopics } from '@forum/contracts';
import type { Route } from './+types/topic.$id';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { commentLikeInputs, commentPageOptions, shownCommentIds } from '~/features/comments/comment-pages';
import { CommentSection } from '~/features/comments/CommentSection';
import { AuthorCard } from '~/features/content/AuthorCard';
import { ContentHtml, ImageGrid } from '~/features/content/ContentHtml';
import contentCss from '~/features/content/content.css?url';
import { BlockedFold } from '~/features/blocks/BlockedFold';
import { DetailFooter, DetailLayout, PostTime, TagChips } from '~/features/content/DetailLayout';
import { useLiked } from '~/features/content/LikeButton';
import { loadTopicPage } from '~/features/topics/load-topic.server';
import { idParam } from '~/features/lists/pagination';
import { plainText } from '~/features/topics/plain-text';
import { RecentLikers } from '~/features/topics/RecentLikers';
import { TopicManageMenu } from '~/features/topics/TopicManageMenu';
import { EditedMark } from '~/features/edits/EditedMark';
import { LazyInlineEditor } from '~/features/edits/LazyInlineEditor';
import { useCanEdit } from '~/features/edits/use-edit-window';
import { EditsTexts } from '~/texts/edits';
import { LevelBadge } from '~/features/users/LevelBadge';
import { WatchButton } from '~/features/watches/WatchButton';
import type { ViewerHandle } from '~/features/users/viewer';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ContentTexts } from '~/texts/content';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

export const loader = ({ request, params }: Route.LoaderArgs) => loadTopicPage(request, idParam(params.id));

/**
 * What the page shows differently for a signed-in reader, asked in the viewer's batch when the page
 * came from the cache's shared render: whether they liked, favourited and watch the topic, which of the
 * shown comments they liked (the keys the buttons and the comment list read), and what they may do
 * to the topic, put into the detail the manage menu reads (the shared render's allows nothing).
 */
export const handle: ViewerHandle = {
  fillInViewer: ({ data, trpc, queryClient }) => {
    const id = (data as Route.ComponentProps['loaderData'] | undefined)?.topic.id;
    if (!id) return [];
    const target = { entityType: 'topic', entityId: id } as const;
    const firstPage = queryClient.getQueryData(
      trpc.comments.list.infiniteQueryOptions(target, commentPageOptions).queryKey,
    )?.pages[0];
    return [
      queryClient
        .fetchQuery(trpc.topics.abilities.queryOptions({ id }))
        .then((can) =>
          queryClient.setQueryData(trpc.topics.byId.queryKey({ id }), (old) => old && { ...old, can }),
        ),
      queryClient.prefetchQuery(trpc.likes.likedAmong.queryOptions({ entityType: 'topic', entityIds: [id] })),
      queryClient.prefetchQuery(trpc.favorites.isFavorited.queryOptions(target)),
      queryClient.prefetchQuery(trpc.watches.isWatching.queryOptions({ topicId: id })),
      ...(firstPage ? commentLikeInputs(shownCommentIds(firstPage)) : []).map((input) =>
        queryClient.prefetchQuery(trpc.likes.likedAmong.queryOptions(input)),
      ),
    ];
  },
};

/** A topic is named by its title, a tweet by its text; the description is the summary. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = matches[0].loaderData.site;
  if (!loaderData) return pageMeta(site);
  const { topic } = loaderData;
  const text =
    topic.type === TopicType.Topic ? topic.title : plainText(topic.content, 64) || TextsTopics.imageOnlyTweet;
  const description = topic.summary || plainText(topic.content);
  return pageMeta({ ...site, description: description || site.description }, text);
};

export default function TopicPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicDetailView key={loaderData.topic.id} id={loaderData.topic.id} />
    </HydrationBoundary>
  );
}

function TopicDetailView({ id }: { id: number }) {
  const trpc = useTRPC();
  const topic = useSuspenseQuery(trpc.topics.byId.queryOptions({ id })).data;
  const isTweet = topic.type !== TopicType.Topic;
  // The reader's own like changes the count before the detail is read again.
  const [likeCount, setLikeCount] = useState(topic.likeCount);
  const liked = useLiked('topic', topic.id);
  const queryClient = useQueryClient();
  const canEdit = useCanEdit({ userId: topic.user.id, createTime: topic.createTime });
  const [editing, setEditing] = useState(false);
  const savedEdit = () => {
    setEditing(false);
    void queryClient.invalidateQueries({ queryKey: trpc.topics.byId.queryKey({ id }) });
  };
  return (
    <DetailLayout aside={<AuthorCard userId={topic.user.id} />}>
      <Card>
        <article className="px-4 py-4 md:px-6 md:py-5" data-testid="topic-detail">
          <header className="flex items-center gap-3">
            <Avatar user={topic.user} size={45} />
            <div className="min-w-0 flex-1">
              <Link to={`/user/${topic.user.id}`} className="font-medium text-body hover:text-accent">
                {topic.user.nickname}
              </Link>
              <LevelBadge user={topic.user} className="ml-1.5" />
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-faint">
                <span>
                  {ContentTexts.postedAt} <PostTime time={topic.createTime} />
                </span>
                {isTweet && <EditedMark kind="tweet" id={topic.id} editTime={topic.editTime} />}
                {isTweet && canEdit && !editing && (
                  <button
                    type="button"
                    className="text-xs text-link hover:underline"
                    data-testid="edit-tweet"
                    onClick={() => setEditing(true)}
                  >
                    {EditsTexts.edit}
                  </button>
                )}
              </p>
            </div>
            <TopicManageMenu topic={topic} />
          </header>
          {!isTweet && (
            <h1
              className="mt-4 text-xl font-bold break-words text-body md:text-2xl"
              data-testid="topic-title"
            >
              {topic.title}
            </h1>
          )}
          {editing ? (
            <LazyInlineEditor
              kind="tweet"
              id={topic.id}
              onSaved={savedEdit}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <BlockedFold userId={topic.user.id}>
              <ContentHtml
                html={topic.content}
                className={`mt-4 ${isTweet ? 'topic-tweet' : ''}`}
                testId="topic-content"
              />
              {isTweet && <ImageGrid images={topic.imageList} />}
            </BlockedFold>
          )}
          {editing && isTweet && <ImageGrid images={topic.imageList} />}
          <div className="mt-5 flex flex-wrap items-center gap-2">
            {topic.node && (
              <Link
                to={`/topics/node/${topic.node.id}`}
                className="rounded-full bg-accent/10 px-2.5 py-0.5 text-xs text-accent"
                data-testid="topic-node"
              >
                {topic.node.name}
              </Link>
            )}
            <TagChips tags={topic.tags} href={(tag) => `/topics/tag/${tag.id}`} />
          </div>
          <div className="mt-4">
            <RecentLikers entityType="topic" entityId={topic.id} likeCount={likeCount} />
          </div>
          <DetailFooter
            top="mt-4"
            entityType="topic"
            entity={topic}
            liked={liked}
            onCountChange={setLikeCount}
            viewTestId="view-count"
            actions={<WatchButton topicId={topic.id} />}
          />
        </article>
      </Card>
      <CommentSection entityType="topic" entityId={topic.id} commentCount={topic.commentCount} />
    </DetailLayout>
  );
}
