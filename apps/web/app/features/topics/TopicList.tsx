import { Link } from 'react-router';
import type { TopicItem } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { BlockedFold } from '~/features/blocks/BlockedFold';
import { LikeButton } from '~/features/content/LikeButton';
import { TimeAgo } from '~/components/TimeAgo';
import { ContentTexts } from '~/texts/content';
import { EditsTexts } from '~/texts/edits';
import { TopicsTexts } from '~/texts/topics';
import { isTweet, thumbnailColumns, topicHref } from './topic-item';
import { useLikedTopics } from './use-liked-topics';

/** Topics and tweets as the lists show them; `sticky` adds the sticky badge. */
export function TopicList({ topics, sticky = false }: { topics: TopicItem[]; sticky?: boolean }) {
  const liked = useLikedTopics(topics.map((topic) => topic.id));
  return (
    <ul className="divide-y divide-line" data-testid={sticky ? 'sticky-topics' : 'topic-list'}>
      {topics.map((topic) => (
        <TopicRow key={topic.id} topic={topic} sticky={sticky} liked={liked.has(topic.id)} />
      ))}
    </ul>
  );
}

function TopicRow({ topic, sticky, liked }: { topic: TopicItem; sticky: boolean; liked: boolean }) {
  const href = topicHref(topic.id);
  return (
    <li className="flex gap-3 px-4 py-4" data-testid="topic-item" data-topic-id={topic.id}>
      <div className="hidden md:block">
        <Avatar user={topic.user} size={50} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2 text-sm">
          <span className="md:hidden">
            <Avatar user={topic.user} size={20} />
          </span>
          <Link to={`/user/${topic.user.id}`} className="truncate font-medium text-body hover:text-accent">
            {topic.user.nickname}
          </Link>
          {sticky && (
            <span
              className="shrink-0 rounded bg-accent/10 px-1.5 py-px text-xs text-accent"
              data-testid="sticky-badge"
            >
              {TopicsTexts.sticky}
            </span>
          )}
          <TimeAgo
            time={topic.createTime}
            label={ContentTexts.postedAtTime}
            className="shrink-0 text-xs text-faint"
          />
          {topic.editTime > 0 && (
            <TimeAgo
              time={topic.editTime}
              label={EditsTexts.editedAgo}
              className="shrink-0 text-xs text-faint"
            />
          )}
        </div>
        <BlockedFold userId={topic.user.id}>
          {isTweet(topic) ? <TweetBody topic={topic} href={href} /> : <TopicBody topic={topic} href={href} />}
        </BlockedFold>
        <div className="mt-2.5 flex items-center gap-5 text-xs text-faint">
          <LikeButton
            variant="row"
            entityType="topic"
            entityId={topic.id}
            liked={liked}
            likeCount={topic.likeCount}
          />
          <Link to={href} className="hover:text-accent">
            {TopicsTexts.comments(topic.commentCount)}
          </Link>
          <Link to={href} className="hover:text-accent">
            {ContentTexts.views(topic.viewCount)}
          </Link>
          {topic.node && (
            <Link
              to={`/topics/node/${topic.node.id}`}
              className="ml-auto hidden rounded-full bg-hover px-2.5 py-0.5 text-muted hover:text-accent md:inline-block"
            >
              {topic.node.name}
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

function TopicBody({ topic, href }: { topic: TopicItem; href: string }) {
  return (
    <>
      <Link
        to={href}
        className="mt-1.5 block text-base leading-snug font-semibold break-words text-body hover:text-accent"
        data-testid="topic-title"
      >
        {topic.title}
      </Link>
      {topic.summary && (
        <Link to={href} className="mt-1 line-clamp-2 text-sm leading-6 break-words text-muted">
          {topic.summary}
        </Link>
      )}
    </>
  );
}

function TweetBody({ topic, href }: { topic: TopicItem; href: string }) {
  const images = topic.imageList;
  const columns = thumbnailColumns(images.length);
  return (
    <>
      {/* A tweet's text comes from the API as escaped HTML, line breaks kept. */}
      <Link
        to={href}
        className="mt-1.5 line-clamp-6 block text-[15px] leading-6 break-words whitespace-pre-wrap text-body hover:text-accent"
        data-testid="tweet-content"
        dangerouslySetInnerHTML={{ __html: topic.content }}
      />
      {images.length > 0 && (
        <ul
          className={`mt-2 grid gap-1.5 ${
            columns === 1
              ? 'max-w-[240px] grid-cols-1'
              : columns === 2
                ? 'max-w-[248px] grid-cols-2'
                : 'max-w-[372px] grid-cols-3'
          }`}
          data-testid="tweet-images"
        >
          {images.map((image, index) => (
            <li key={image.url} className="overflow-hidden rounded-md bg-hover">
              {/* The picture is decorative; the link says where it leads. */}
              <Link
                to={href}
                className="block aspect-square"
                aria-label={TopicsTexts.viewTweetImage(index + 1)}
              >
                <img src={image.preview} alt="" loading="lazy" className="size-full object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
