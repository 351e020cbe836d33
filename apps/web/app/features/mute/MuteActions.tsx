import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MuteDays, type PublicProfile } from '@forum/contracts';
import { Card } from '~/components/Card';
import { ConfirmDialog } from '~/components/Dialog';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';
import { useRefreshPeople } from '~/features/users/profile-hooks';

const confirmations: Record<number, string> = {
  [MuteDays.Week]: UsersTexts.muteActions.confirmWeek,
  [MuteDays.Permanent]: UsersTexts.muteActions.confirmPermanent,
};

/** The actions widget on the page of someone the reader may mute (`profile.can`: owners and admins). */
export function MuteActions({ profile }: { profile: PublicProfile }) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const mute = useMutation(trpc.mute.set.mutationOptions());
  const [asking, setAsking] = useState<number | null>(null);
  if (!(profile.forbidden ? profile.can.unmute : profile.can.mute)) return null;

  const run = (days: number) => {
    setAsking(null);
    const lifting = days === MuteDays.Lift;
    mute.mutate(
      { userId: profile.id, days },
      {
        onSuccess: () => {
          toast.success(lifting ? UsersTexts.muteActions.lifted : UsersTexts.muteActions.muted);
          void refresh();
        },
        onError: (error) =>
          toast.error(
            lifting
              ? UsersTexts.muteActions.liftFailed
              : UsersTexts.muteActions.muteFailed(errorMessage(error)),
          ),
      },
    );
  };

  // Lifting runs at once; muting asks first.
  const action = (days: number, label: ReactNode) => (
    <button
      type="button"
      className="text-sm text-link hover:underline disabled:opacity-60"
      disabled={mute.isPending}
      onClick={() => (days === MuteDays.Lift ? run(days) : setAsking(days))}
    >
      {label}
    </button>
  );
  return (
    <Card title={UsersTexts.muteActions.title}>
      <div className="flex flex-wrap items-center gap-4 px-4 py-3" data-testid="mute-actions">
        {profile.forbidden ? (
          action(MuteDays.Lift, UsersTexts.muteActions.lift)
        ) : (
          <>
            {action(MuteDays.Week, UsersTexts.muteActions.muteDays(MuteDays.Week))}
            {action(
              MuteDays.Permanent,
              <>
                {UsersTexts.muteActions.permanent}
                <span
                  className="ml-1 rounded bg-accent/10 px-1 text-[11px] text-accent"
                  title={UsersTexts.muteActions.ownerOnly}
                >
                  {UsersTexts.muteActions.owner}
                </span>
              </>,
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        message={asking === null ? '' : confirmations[asking]!}
        onConfirm={() => asking !== null && run(asking)}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
