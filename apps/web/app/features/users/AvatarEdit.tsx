import { useMutation } from '@tanstack/react-query';
import { Avatar } from '~/components/Avatar';
import { useTRPC } from '~/lib/trpc';
import { CommonTexts } from '~/texts/common';
import { UsersTexts } from '~/texts/users';
import { useProfileImage } from './use-profile-image';

interface AvatarEditProps {
  user: { id: number; nickname: string; username?: string; avatar: string };
}

/** A 120px round avatar; clicking it uploads a new picture and makes it the user's avatar. */
export function AvatarEdit({ user }: AvatarEditProps) {
  const trpc = useTRPC();
  const setAvatar = useMutation(trpc.users.setAvatar.mutationOptions());
  const { busy, pick, fileInput } = useProfileImage({
    kind: 'avatar',
    save: (url) => setAvatar.mutateAsync({ avatar: url }),
    success: UsersTexts.avatar.saved,
    failure: UsersTexts.avatar.failed,
  });

  return (
    <button
      type="button"
      className="group relative size-[120px] overflow-hidden rounded-full"
      aria-label={UsersTexts.avatar.change}
      disabled={busy}
      data-testid="avatar-edit"
      onClick={pick}
    >
      <Avatar user={user} size={120} link={false} />
      <span
        className={`absolute inset-0 flex items-center justify-center bg-black/45 text-sm text-white transition-opacity ${
          busy ? 'opacity-100' : 'opacity-0 group-hover:opacity-100'
        }`}
      >
        {busy ? CommonTexts.uploading : UsersTexts.avatar.clickToChange}
      </span>
      <input {...fileInput} data-testid="avatar-input" />
    </button>
  );
}
