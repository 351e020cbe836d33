import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FollowListUser } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { buttonClass, Dialog } from '~/components/Dialog';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC, useTRPCClient } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { UsersTexts } from '~/texts/users';
import { FollowButton } from './FollowButton';
import { initialLoadMore, loadMoreLabel, pageArrived, pageFailed, type LoadMoreState } from './load-more';

export type FollowListKind = 'fans' | 'follows';

const titles: Record<FollowListKind, string> = {
  fans: UsersTexts.follow.fans,
  follows: UsersTexts.follow.follows,
};
/** What an empty list is: nobody follows them yet, or they follow nobody yet. */
const emptyTexts: Record<FollowListKind, string> = {
  fans: UsersTexts.follow.noFans,
  follows: UsersTexts.follow.noFollows,
};
const RECENT = 10;

/** Fans and follows with their counts: the most recent people and a dialog with the whole list. */
export function FollowWidget({
  kind,
  userId,
  count,
}: {
  kind: FollowListKind;
  userId: number;
  count: number;
}) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const recent = useQuery(trpc.follows[kind].queryOptions({ userId })).data?.results.slice(0, RECENT) ?? [];
  return (
    <Card
      title={`${titles[kind]} ${count}`}
      extra={
        <button type="button" className="text-xs text-faint hover:text-accent" onClick={() => setOpen(true)}>
          {UsersTexts.follow.more}
        </button>
      }
    >
      <div data-testid={`${kind}-widget`}>
        {recent.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-faint">{emptyTexts[kind]}</p>
        ) : (
          <ul className="grid grid-cols-5 gap-x-2 gap-y-3 px-4 py-3">
            {recent.map((person) => (
              <li key={person.id} className="flex min-w-0 flex-col items-center gap-1">
                <Avatar user={person} size={40} />
                <Link
                  to={`/user/${person.id}`}
                  className="w-full truncate text-center text-xs text-muted hover:text-accent"
                >
                  {person.nickname}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      {open && <FollowListDialog kind={kind} userId={userId} onClose={() => setOpen(false)} />}
    </Card>
  );
}

function FollowListDialog({
  kind,
  userId,
  onClose,
}: {
  kind: FollowListKind;
  userId: number;
  onClose: () => void;
}) {
  const client = useTRPCClient();
  const [list, setList] = useState<LoadMoreState<FollowListUser>>(initialLoadMore);

  const loadPage = useCallback(
    (cursor: string | undefined) => {
      setList((state) => ({ ...state, loading: true }));
      client.follows[kind]
        .query({ userId, ...(cursor ? { cursor } : {}) })
        .then((page) => setList((state) => pageArrived(state, page, cursor)))
        .catch((error: unknown) => {
          toast.error(errorMessage(error));
          setList(pageFailed);
        });
    },
    [client, kind, userId],
  );
  useEffect(() => loadPage(undefined), [loadPage]);

  return (
    <Dialog title={titles[kind]} open onClose={onClose} width={560} testId={`${kind}-dialog`}>
      <div className="px-5 py-3">
        {list.results.length === 0 && !list.loading ? (
          <p className="py-8 text-center text-sm text-faint">{emptyTexts[kind]}</p>
        ) : (
          <UserFollowList people={list.results} />
        )}
        {list.results.length > 0 && (
          <div className="flex justify-center py-3">
            <button
              type="button"
              className={`${buttonClass.small} w-[150px]`}
              disabled={list.loading || !list.hasMore}
              onClick={() => loadPage(list.cursor)}
            >
              {list.loading ? CommonTexts.loading : loadMoreLabel(list)}
            </button>
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** Rows of people: avatar, nickname, signature and a follow button. */
export function UserFollowList({ people }: { people: FollowListUser[] }) {
  return (
    <ul className="divide-y divide-line">
      {people.map((person) => (
        <li key={person.id} className="flex items-center gap-3 py-3">
          <Avatar user={person} size={40} />
          <div className="min-w-0 flex-1">
            <Link
              to={`/user/${person.id}`}
              className="block truncate text-sm font-medium text-body hover:text-accent"
            >
              {person.nickname}
            </Link>
            <p className="truncate text-xs text-faint">{person.description}</p>
          </div>
          <FollowButton userId={person.id} followed={person.followed} size="small" />
        </li>
      ))}
    </ul>
  );
}
