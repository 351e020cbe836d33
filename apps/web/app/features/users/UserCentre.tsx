import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicProfile } from '@forum/contracts';
import { Card } from '~/components/Card';
import { useCurrentUser } from '~/features/users/session-hooks';
import { FollowWidget } from './FollowWidgets';
import { LevelBadge } from './LevelBadge';
import { useProfile } from './profile-hooks';
import { MuteActions } from '~/features/mute/MuteActions';
import { ProfileBanner } from './ProfileBanner';
import { ExternalLink } from '~/components/ExternalLink';
import { UsersTexts } from '~/texts/users';
import { registrationRankCount, type StatCount } from './registration-rank';

/**
 * The user-centre frame shared by a personal page and the signed-in user's own pages: the banner,
 * the left sidebar of widgets, and the page on the right. The own pages (favourites, messages,
 * scores) are what their reader came for: on a phone they come first, without the banner, and the
 * widgets follow them.
 */
export function UserCentre({
  userId,
  ownPage = false,
  children,
}: {
  userId: number;
  ownPage?: boolean;
  children: ReactNode;
}) {
  const profile = useProfile(userId);
  return (
    <div className="mx-auto max-w-[1200px] px-2 py-3 md:px-4 md:py-4">
      <div className={ownPage ? 'hidden lg:block' : undefined}>
        <ProfileBanner profile={profile} />
      </div>
      <div className={`flex flex-col gap-3 lg:flex-row ${ownPage ? 'lg:mt-3' : 'mt-3'}`}>
        <aside
          className={`w-full shrink-0 space-y-3 lg:w-[320px] ${ownPage ? 'order-last lg:order-none' : ''}`}
          data-testid="user-centre-sidebar"
          aria-label={UsersTexts.userCentre.sidebar}
        >
          <MyCounts profile={profile} />
          <MyProfile profile={profile} />
          <FollowWidget kind="fans" userId={profile.id} count={profile.fansCount} />
          <FollowWidget kind="follows" userId={profile.id} count={profile.followCount} />
          <MuteActions profile={profile} />
        </aside>
        <div className="min-w-0 flex-1" data-testid="user-centre-page">
          {children}
        </div>
      </div>
    </div>
  );
}

function MyCounts({ profile }: { profile: PublicProfile }) {
  const counts: StatCount[] = [
    { label: UsersTexts.stats.score, value: profile.score, to: '/user/scores' },
    { label: UsersTexts.stats.topics, value: profile.topicCount },
    { label: UsersTexts.stats.comments, value: profile.commentCount },
    registrationRankCount(profile),
  ];
  return (
    <Card title={UsersTexts.userCentre.achievements}>
      <ul className="grid grid-cols-4 py-3 text-center" data-testid="my-counts">
        {counts.map((count) => (
          <li key={count.label}>
            {count.to ? (
              <Link to={count.to} className="block hover:text-accent">
                <CountValue {...count} />
              </Link>
            ) : (
              <CountValue {...count} />
            )}
          </li>
        ))}
      </ul>
      <p
        className="flex items-center justify-center gap-2 border-t border-line py-2 text-sm text-faint"
        data-testid="my-level"
      >
        {UsersTexts.userCentre.level}
        <LevelBadge user={profile} withTitle className="text-body" />
      </p>
    </Card>
  );
}

function CountValue({ label, value, title, testId }: StatCount) {
  return (
    <>
      <span className="block text-lg font-semibold text-body" title={title} data-testid={testId}>
        {value}
      </span>
      <span className="text-xs text-faint">{label}</span>
    </>
  );
}

function MyProfile({ profile }: { profile: PublicProfile }) {
  const user = useCurrentUser();
  return (
    <Card
      title={UsersTexts.userCentre.profile}
      extra={
        user?.id === profile.id && (
          <Link to="/user/profile" className="text-xs text-link hover:underline">
            {UsersTexts.userCentre.editProfile}
          </Link>
        )
      }
    >
      <dl className="grid grid-cols-[3em_1fr] gap-x-2 gap-y-2 px-4 py-3 text-sm" data-testid="my-profile">
        <dt className="text-faint">{UsersTexts.userCentre.nickname}</dt>
        <dd className="break-all text-body">{profile.nickname}</dd>
        <dt className="text-faint">{UsersTexts.userCentre.description}</dt>
        <dd className="break-all text-body">{profile.description}</dd>
        {profile.homePage && (
          <>
            <dt className="text-faint">{UsersTexts.userCentre.homepage}</dt>
            <dd className="break-all">
              <ExternalLink href={profile.homePage} className="text-link hover:underline">
                {profile.homePage}
              </ExternalLink>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}
