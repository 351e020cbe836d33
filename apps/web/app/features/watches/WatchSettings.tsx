import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AccountSettings } from '@forum/contracts';
import { Card } from '~/components/Card';
import { Switch } from '~/components/Switch';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { WatchSettingsTexts as texts } from '~/texts/watches';

type Defaults = Pick<AccountSettings, 'watchPostedTopics' | 'watchRepliedTopics'>;

/** The two switches of 账号设置: whether posting and commenting watch the topic. */
export function WatchDefaults({ account }: { account: Defaults }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.users.setWatchDefaults.mutationOptions());
  const toggle = (field: keyof Defaults) =>
    save.mutate(
      { [field]: !account[field] },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(trpc.users.account.queryKey(), saved);
          toast.success(texts.saved);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const row = (field: keyof Defaults, label: string, testId: string) => (
    <span className="flex items-center gap-3">
      <Switch
        on={account[field]}
        label={label}
        testId={testId}
        disabled={save.isPending}
        onToggle={() => toggle(field)}
      />
      <span className="text-muted">{label}</span>
    </span>
  );
  return (
    <span className="flex flex-col gap-3">
      {row('watchPostedTopics', texts.posted, 'watch-posted-switch')}
      {row('watchRepliedTopics', texts.replied, 'watch-replied-switch')}
    </span>
  );
}

/** 关注的话题 in the account settings: the topics the reader watches, each with 取消关注. */
export function WatchList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.watches.list.queryOptions());
  const unwatch = useMutation(trpc.watches.unwatch.mutationOptions());
  const stop = (topicId: number) =>
    unwatch.mutate(
      { topicId },
      {
        onSuccess: () => {
          toast.success(texts.unwatched);
          void queryClient.invalidateQueries({ queryKey: trpc.watches.list.queryKey() });
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <Card title={texts.listTitle}>
      {data && data.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">{texts.listEmpty}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="watch-list">
          {(data ?? []).map((entry) => (
            <li key={entry.topicId} className="flex items-center gap-3 px-5 py-3 text-sm">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/topic/${entry.topicId}`}
                  className="block truncate font-medium text-body hover:text-accent"
                >
                  {entry.title}
                </Link>
                <p className="text-xs text-faint">{texts.watchedAt(formatDateTime(entry.watchTime))}</p>
              </div>
              <button
                type="button"
                className="text-sm text-link hover:underline disabled:opacity-60"
                disabled={unwatch.isPending}
                onClick={() => stop(entry.topicId)}
              >
                {texts.unwatch}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
