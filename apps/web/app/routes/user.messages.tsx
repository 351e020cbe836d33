import { HydrationBoundary, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { LegacyMessage, RecentMessages } from '@forum/contracts';
import type { Route } from './+types/user.messages';
import { Avatar } from '~/components/Avatar';
import { Card, EmptyState } from '~/components/Card';
import { BellIcon, InboxIcon } from '~/components/icons';
import { Pagination } from '~/features/lists/Pagination';
import { useLiveEvent } from '~/features/live/LiveProvider';
import { pageMeta } from '~/lib/meta';
import { TimeAgo } from '~/components/TimeAgo';
import { loadQueryPage } from '~/features/lists/list-page.server';
import { useTRPC } from '~/lib/trpc';
import { MessagesTexts } from '~/texts/messages';

/** The signed-in user's messages, 20 a page (the user-centre layout has already required sign-in). */
export const loader = ({ request }: Route.LoaderArgs) =>
  loadQueryPage(
    request,
    ({ queryClient, trpc }, page) => queryClient.prefetchQuery(trpc.messages.list.queryOptions({ page })),
    'p', // bbs-go's ?p=
  );

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, MessagesTexts.title);

export default function UserMessages({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <Card title={MessagesTexts.title}>
        <Messages page={loaderData.page} />
      </Card>
    </HydrationBoundary>
  );
}

function Messages({ page }: { page: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = trpc.messages.list.queryOptions({ page });
  const messages = useSuspenseQuery(list).data;
  const { mutate: markRead } = useMutation(trpc.messages.markRead.mutationOptions());
  const newestUnread = messages.results.find((message) => message.status === 0)?.messageId ?? 0;
  // What this page shows is read once it is on screen; newer messages on earlier pages stay unread.
  useEffect(() => {
    if (newestUnread === 0) return;
    markRead(
      { upTo: newestUnread },
      {
        onSuccess: ({ count }) =>
          queryClient.setQueryData(trpc.messages.recent.queryKey(), (old: RecentMessages | undefined) => ({
            messages: old?.messages ?? null,
            count,
          })),
      },
    );
  }, [newestUnread, markRead, queryClient, trpc]);
  // A message arriving while the first page is open shows up at its top.
  useLiveEvent('message:unread', () => {
    if (page === 1) void queryClient.invalidateQueries({ queryKey: list.queryKey });
  });

  if (messages.results.length === 0)
    return <EmptyState icon={<InboxIcon size={40} />} text={MessagesTexts.empty} />;
  return (
    <>
      <ul className="divide-y divide-line" data-testid="messages">
        {messages.results.map((message) => (
          <MessageItem key={message.messageId} message={message} />
        ))}
      </ul>
      <Pagination page={messages} urlPrefix="/user/messages?page=" />
    </>
  );
}

function MessageItem({ message }: { message: LegacyMessage }) {
  const system = message.from.id <= 0;
  const unread = message.status === 0;
  return (
    <li
      className={`flex gap-3 px-4 py-4 ${unread ? 'bg-accent/5' : ''}`}
      data-testid="message"
      data-unread={unread || undefined}
    >
      {system ? (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
          <BellIcon size={20} />
        </span>
      ) : (
        <Avatar user={message.from} size={40} />
      )}
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-baseline gap-x-2">
          {system ? (
            <span className="font-medium text-body">{message.from.nickname}</span>
          ) : (
            <Link to={`/user/${message.from.id}`} className="font-medium text-body hover:text-accent">
              {message.from.nickname}
            </Link>
          )}
          <TimeAgo className="text-xs text-faint" time={message.createTime} />
        </div>
        <p className="mt-1 font-semibold text-body">{message.title}</p>
        {message.quoteContent && (
          <blockquote className="mt-2 rounded-md border-l-4 border-line bg-hover px-3 py-2 break-words text-muted">
            {message.quoteContent}
          </blockquote>
        )}
        {message.content && (
          <p className="mt-2 break-words whitespace-pre-wrap text-body">{message.content}</p>
        )}
        <a
          href={message.detailUrl}
          target="_blank"
          rel="noopener"
          className="mt-2 inline-block text-xs text-link hover:underline"
        >
          {MessagesTexts.details}
        </a>
      </div>
    </li>
  );
}
