import { useState } from 'react';
import { Link } from 'react-router';

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

interface AvatarProps {
  user: AvatarUser;
  size?: number;
  round?: boolean;
  /** False when the avatar sits inside another link. */
  link?: boolean;
}

/** The user's picture, or a coloured initial when there is none or it fails to load; links to the profile. */
export function Avatar({ user, size = 50, round = true, link = true }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const shape = round ? 'rounded-full' : 'rounded-md';
  const initial = initialOf(user);
  const picture =
    user.avatar && !broken ? (
      <img
        src={user.avatar}
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
