import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { CoinIcon } from '~/components/icons';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { signInUrl } from '~/lib/ref';
import { formatTimeOfDay } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { ListsTexts } from '~/texts/lists';

/**
 * The check-in widget: the reader's points, the button (or checked in), the consecutive days, and today's
 * first ten check-ins. Points arrive from the points queue a moment after the click, so the widget
 * asks again shortly after, and whenever the window regains focus.
 */
export function CheckInWidget() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const state = useQuery({ ...trpc.checkIn.state.queryOptions(), enabled: !!user });
  const rank = useQuery(trpc.checkIn.rank.queryOptions()).data ?? [];
  const me = useQuery({
    ...trpc.users.profile.queryOptions({ id: user?.id ?? 0 }),
    enabled: !!user,
    refetchOnWindowFocus: true,
  });
  const checkIn = useMutation(trpc.checkIn.create.mutationOptions());
  const checkedIn = state.data?.checkIn ?? false;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.checkIn.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.points.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.users.profile.queryKey({ id: user?.id ?? 0 }) }),
    ]);
  const onClick = () => {
    if (!user) {
      void navigate(signInUrl(location.pathname + location.search));
      return;
    }
    checkIn.mutate(undefined, {
      onSuccess: () => {
        toast.success(ListsTexts.checkIn.done);
        void refresh();
        // The points are given by a job a moment later.
        setTimeout(() => void refresh(), 1500);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <Card title={ListsTexts.checkIn.title}>
      <div className="space-y-3 px-4 py-3" data-testid="check-in">
        <div className="flex items-center gap-3">
          <CoinIcon size={20} className="text-accent" />
          <Link
            to={user ? '/user/scores' : '/user/signin'}
            className="flex-1 text-sm text-body hover:text-accent"
          >
            <span data-testid="check-in-score">{user ? (me.data?.score ?? 0) : 0}</span>{' '}
            {ListsTexts.checkIn.points}
          </Link>
          <button
            type="button"
            onClick={onClick}
            disabled={checkedIn || checkIn.isPending}
            className="h-8 rounded-md bg-accent-fill px-3 text-sm text-white hover:opacity-90 disabled:cursor-default disabled:bg-line disabled:text-faint"
          >
            {checkedIn ? ListsTexts.checkIn.checkedIn : ListsTexts.checkIn.checkInNow}
          </button>
        </div>
        {checkedIn && state.data && (
          <p className="text-xs text-muted">
            {ListsTexts.checkIn.streakBefore}{' '}
            <strong className="text-accent">{state.data.consecutiveDays}</strong>{' '}
            {ListsTexts.checkIn.streakAfter}
          </p>
        )}
        {rank.length > 0 && (
          <div>
            <h3 className="mb-1.5 text-xs font-medium text-muted">{ListsTexts.checkIn.todayRank}</h3>
            <ul className="space-y-2" data-testid="check-in-rank">
              {rank.map((entry) => (
                <li key={entry.userId} className="flex items-center gap-2 text-sm">
                  <Avatar user={entry.user} size={30} />
                  <Link
                    to={`/user/${entry.user.id}`}
                    className="min-w-0 flex-1 truncate text-body hover:text-accent"
                  >
                    {entry.user.nickname}
                  </Link>
                  <span className="text-xs text-faint">@{formatTimeOfDay(entry.updateTime)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}

/** The score-rank widget: the ten users with the most points; hidden when nobody has any. */
export function ScoreRankWidget() {
  const trpc = useTRPC();
  const users = useQuery(trpc.points.scoreRank.queryOptions()).data ?? [];
  if (users.length === 0) return null;
  return (
    <Card title={ListsTexts.scoreRank.title}>
      <ul className="space-y-2.5 px-4 py-3" data-testid="score-rank">
        {users.map((user) => (
          <li key={user.id} className="flex items-center gap-2.5">
            <Avatar user={user} size={35} />
            <div className="min-w-0 flex-1">
              <Link to={`/user/${user.id}`} className="block truncate text-sm text-body hover:text-accent">
                {user.nickname}
              </Link>
              <p className="text-xs text-faint">
                {ListsTexts.scoreRank.counts(user.topicCount, user.commentCount)}
              </p>
            </div>
            <span
              className="inline-flex items-center gap-1 rounded-full bg-accent/10 px-2 py-0.5 text-xs text-accent"
              title={ListsTexts.scoreRank.score}
            >
              <CoinIcon size={12} />
              {user.score}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
