import { useMutation } from '@tanstack/react-query';
import type { PublicProfile } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { useCurrentUser } from '~/features/users/session-hooks';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { UsersTexts } from '~/texts/users';
import { bannerBackground } from './background';
import { FollowButton } from './FollowButton';
import { LevelBadge } from './LevelBadge';
import { muteUntil } from '~/features/mute/MutedNotice';
import { BlockButton } from '~/features/blocks/BlockButton';
import { ReportButton } from '~/features/reports/ReportButton';
import { useProfileImage } from './use-profile-image';

/** The header of a personal page: background, avatar, nickname, signature, and follow or set-background. */
export function ProfileBanner({ profile }: { profile: PublicProfile }) {
  const user = useCurrentUser();
  const isOwn = user?.id === profile.id;
  return (
    <section
      className="relative overflow-hidden rounded-lg px-6 pt-24 pb-5 text-white"
      style={bannerBackground(profile.backgroundImage)}
      data-testid="user-centre-header"
    >
      {isOwn && <SetBackgroundButton />}
      <div className="flex flex-wrap items-end gap-4">
        <span className="shrink-0 rounded-full ring-4 ring-white/70">
          <Avatar user={profile} size={100} link={false} />
        </span>
        <div className="min-w-0 flex-1 pb-1 drop-shadow">
          <div className="flex min-w-0 items-center gap-2">
            <h1 className="truncate text-2xl font-semibold" data-testid="profile-nickname">
              {profile.nickname}
            </h1>
            <LevelBadge user={profile} withTitle className="shrink-0" />
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-white/90">{profile.description}</p>
          {profile.forbidden && (
            <p className="mt-1 text-xs text-white/90" data-testid="profile-muted">
              <span className="rounded bg-black/40 px-1.5 py-0.5">
                {UsersTexts.mute.badge(muteUntil(profile.forbiddenEndTime))}
              </span>
              {profile.forbiddenReason && (
                <span className="ml-2">{UsersTexts.mute.reason(profile.forbiddenReason)}</span>
              )}
            </p>
          )}
        </div>
        {!isOwn && (
          <div className="flex w-full items-center justify-end gap-2 pb-1 sm:w-auto">
            <FollowButton userId={profile.id} />
            <BlockButton
              userId={profile.id}
              nickname={profile.nickname}
              className="rounded-full bg-black/35 px-3 py-1 text-xs text-white hover:bg-black/50"
            />
            <ReportButton variant="banner" targetType="user" targetId={profile.id} />
          </div>
        )}
      </div>
    </section>
  );
}

function SetBackgroundButton() {
  const trpc = useTRPC();
  const setBackground = useMutation(trpc.users.setBackground.mutationOptions());
  const { busy, pick, fileInput } = useProfileImage({
    kind: 'background',
    save: (url) => setBackground.mutateAsync({ backgroundImage: url }),
    success: UsersTexts.background.saved,
    failure: UsersTexts.background.failed,
  });

  return (
    <>
      <button
        type="button"
        disabled={busy}
        className="absolute top-3 right-3 rounded-full bg-black/35 px-3 py-1 text-xs text-white hover:bg-black/50"
        onClick={pick}
      >
        {busy ? CommonTexts.uploading : UsersTexts.background.set}
      </button>
      <input {...fileInput} data-testid="background-input" />
    </>
  );
}
