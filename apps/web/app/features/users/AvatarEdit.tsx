import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '~/components/Avatar';
import { toast } from '~/features/toast';
import { uploadImage } from '~/features/uploads/upload-image';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { useRefreshPeople } from './profile-hooks';

interface AvatarEditProps {
  user: { id: number; nickname: string; username?: string; avatar: string };
}

/** A 120px round avatar; clicking it uploads a new picture and makes it the user's avatar. */
export function AvatarEdit({ user }: AvatarEditProps) {
  const trpc = useTRPC();
  const input = useRef<HTMLInputElement>(null);
  const refresh = useRefreshPeople();
  const setAvatar = useMutation(trpc.profile.setAvatar.mutationOptions());
  const [busy, setBusy] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const url = await uploadImage(file, 'avatar');
      await setAvatar.mutateAsync({ avatar: url });
      toast.success('头像更新成功');
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, '头像更新失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="group relative size-[120px] overflow-hidden rounded-full"
      aria-label="修改头像"
      disabled={busy}
      data-testid="avatar-edit"
      onClick={() => input.current?.click()}
    >
      <Avatar user={user} size={120} link={false} />
      <span
        className={`absolute inset-0 flex items-center justify-center bg-black/45 text-sm text-white transition-opacity ${
          busy ? 'opacity-100' : 'opacity-0 group-hover:opacity-100'
        }`}
      >
        {busy ? '上传中...' : '点击修改'}
      </span>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        data-testid="avatar-input"
        onChange={(event) => void upload(event)}
      />
    </button>
  );
}
