import { useState } from 'react';
import { Link } from 'react-router';
import { avatarUrlForSize, DEFAULT_AVATAR_SIZE } from '@forum/contracts';

interface AvatarUser {
  id: number;
  nickname: string;
  username?: string;
  avatar?: string;
}

/** A stable colour per initial, so one person always gets the same placeholder. */
export function initialColor(letter: string): string {
  const hue = ((letter.codePointAt(0) ?? 0) * 47) % 360;
  return `hsl(${hue} 55% 52%)`;
}

export function initialOf(user: Pick<AvatarUser, 'nickname' | 'username'>): string {
  const name = user.nickname || user.username || '?';
  return Array.from(name)[0]!.toUpperCase();
}

export const MIN_AVATAR_SIZE = 20;
export const MAX_AVATAR_SIZE = 150;

/** Sizes outside 20–150 px are drawn at the nearest supported size. */
export function clampAvatarSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_AVATAR_SIZE;
  return Math.min(MAX_AVATAR_SIZE, Math.max(MIN_AVATAR_SIZE, Math.round(size)));
}

interface AvatarProps {
  user: AvatarUser;
  size?: number;
  round?: boolean;
  /** False when the avatar sits inside another link. */
  link?: boolean;
}

/** The user's picture, or a coloured initial when there is none or it fails to load; links to the profile. */
export function Avatar({
  user,
  size: requestedSize = DEFAULT_AVATAR_SIZE,
  round = true,
  link = true,
}: AvatarProps) {
  const size = clampAvatarSize(requestedSize);
  const [broken, setBroken] = useState(false);
  const shape = round ? 'rounded-full' : 'rounded-md';
  const initial = initialOf(user);
  const picture =
    user.avatar && !broken ? (
      <img
        src={avatarUrlForSize(user.avatar, size)}
        alt={user.nickname}
        width={size}
        height={size}
        className={`size-full object-cover ${shape}`}
        onError={() => setBroken(true)}
      />
    ) : (
      <span
        className={`flex size-full items-center justify-center font-medium text-white select-none ${shape}`}
        style={{ backgroundColor: initialColor(initial), fontSize: Math.round(size * 0.45) }}
        aria-label={user.nickname}
      >
        {initial}
      </span>
    );
  const box = { width: size, height: size };
  return link ? (
    <Link to={`/user/${user.id}`} className="inline-block shrink-0" style={box}>
      {picture}
    </Link>
  ) : (
    <span className="inline-block shrink-0" style={box}>
      {picture}
    </span>
  );
}
