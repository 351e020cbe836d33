import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DEFAULT_DESCRIPTION } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { LevelBadge } from '~/features/users/LevelBadge';
import { registrationRankCount, type StatCount } from '~/features/users/registration-rank';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

/** The author beside a topic or article: avatar, nickname, level, signature, and four counts. */
export function AuthorCard({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.users.profile.queryOptions({ id: userId })).data;
  if (!profile) return null;
  const counts: StatCount[] = [
    { label: UsersTexts.stats.score, value: profile.score },
    { label: UsersTexts.stats.topics, value: profile.topicCount },
    { label: UsersTexts.stats.comments, value: profile.commentCount },
    registrationRankCount(profile),
  ];
  return (
    <Card>
      <div className="flex flex-col items-center px-4 pt-6 pb-4 text-center" data-testid="author-card">
        <Avatar user={profile} size={80} />
        <Link to={`/user/${profile.id}`} className="mt-3 text-base font-semibold text-body hover:text-accent">
          {profile.nickname}
        </Link>
        <LevelBadge user={profile} withTitle className="mt-1 text-faint" />
        <p className="mt-1 text-xs text-faint">{profile.description || DEFAULT_DESCRIPTION}</p>
        <ul className="mt-4 grid w-full grid-cols-4 border-t border-line pt-3">
          {counts.map((count) => (
            <li key={count.label}>
              <p className="font-semibold text-body" title={count.title} data-testid={count.testId}>
                {count.value}
              </p>
              <p className="text-xs text-faint">{count.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
