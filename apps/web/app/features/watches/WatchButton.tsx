import { useMutation, useQuery } from '@tanstack/react-query';
import { BellIcon } from '~/components/icons';
import { actionClass } from '~/features/content/EntityActions';
import { ToggleButton, useToggle } from '~/features/content/toggle';
import { toast } from '~/features/toast';
import { useCurrentUser } from '~/features/users/session-hooks';
import { useTRPC } from '~/lib/trpc';
import { WatchButtonTexts as texts } from '~/texts/watches';

/**
 * 关注此话题 / 已关注此话题 on a topic page: new comments are then told once per burst (messages of
 * type 12). Visitors are sent to sign in; neutral while the reader is not yet known.
 */
export function WatchButton({ topicId }: { topicId: number }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const watchingQuery = useQuery({ ...trpc.watches.isWatching.queryOptions({ topicId }), enabled: !!user });
  const watch = useToggle({
    initial: watchingQuery.data ?? false,
    isOn: (watching) => watching,
    on: useMutation(trpc.watches.watch.mutationOptions()),
    off: useMutation(trpc.watches.unwatch.mutationOptions()),
    input: { topicId },
    next: (_, result) => result.watching,
    onToggled: (watching) => toast.success(watching ? texts.watched : texts.unwatched),
    failure: texts.failed,
  });
  return (
    <ToggleButton
      toggle={watch}
      pressed={watch.state}
      testId="watch-button"
      className={actionClass(watch.state)}
    >
      <BellIcon size={15} />
      {watch.state ? texts.watching : texts.watch}
    </ToggleButton>
  );
}
